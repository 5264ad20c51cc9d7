/**
 * Classes only the connect remote's views use (Connect, AllWallets, the Connecting views). Its
 * list items, wallet icons and tiles are kit parts (./base.ts). Owned by the connect remote's
 * maintainers; concatenated into the kit's stylesheet (./index.ts).
 */
export const connectStylesheetText = /* css */ `
.portico-all-wallets-icon { font-size: 1.4em; color: var(--portico-text-muted); }
`;
