/**
 * Classes only the connect remote's views use (Connect, AllWallets, the Connecting, email and social views).
 * Its list items, wallet icons and tiles are kit parts (./base.ts). Owned by the connect remote's
 * maintainers; concatenated into the kit's stylesheet (./index.ts).
 */
export const connectStylesheetText = /* css */ `
.portico-all-wallets-icon { font-size: 1.4em; color: var(--portico-text-muted); }
.portico-wallet-scroller { max-height: 360px; overflow-y: auto; overscroll-behavior: contain; }
.portico-wallet-rows { position: relative; width: 100%; }
.portico-wallet-row {
  position: absolute; top: 0; inset-inline-start: 0; width: 100%; height: 96px;
  display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px;
}
.portico-connect-divider {
  display: flex; align-items: center; gap: 12px; margin: 4px 0;
  color: var(--portico-text-muted); font-size: 0.85em;
}
.portico-social-row { display: flex; gap: 8px; }
.portico-social-button { flex: 1; min-width: 0; padding: 0; }
.portico-button .portico-social-icon { width: 20px; height: 20px; }
.portico-social-icon-large {
  width: 80px; height: 80px; padding: 20px; border-radius: calc(var(--portico-radius) * 2);
  background: var(--portico-surface); color: var(--portico-text);
}
.portico-connect-divider::before, .portico-connect-divider::after {
  content: ''; flex: 1; border-top: 1px solid var(--portico-border);
}
`;
