/**
 * Classes only the send and swap remotes' views use (WalletSend, Swap). Their token lists,
 * amount input, detail rows and transaction status are kit parts (./base.ts). Owned by those
 * remotes' maintainers; concatenated into the kit's stylesheet (./index.ts).
 */
export const sendSwapStylesheetText = /* css */ `
.portico-choice-row { display: flex; gap: 8px; }
.portico-choice-row .portico-list-item { flex: 1; justify-content: center; }
`;
