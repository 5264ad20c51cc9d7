/**
 * Classes only the account remote's views use (Account, WalletReceive, the tabs' panels).
 * Owned by the account remote's maintainers; concatenated into the kit's stylesheet (./index.ts).
 */
export const accountStylesheetText = /* css */ `
.portico-address { font-weight: 600; font-size: 1.2em; margin: 0; }
.portico-chip { display: inline-flex; align-items: center; gap: 6px; padding: 4px 10px; border-radius: 999px; background: var(--portico-surface); }
.portico-avatar { width: 64px; height: 64px; border-radius: 50%; background: conic-gradient(from 90deg, var(--portico-accent), #7b61ff, #26d962, var(--portico-accent)); }
`;
