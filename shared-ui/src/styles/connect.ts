/**
 * Classes only the connect remote's views use (Connect, AllWallets, the Connecting, email and social views, GetWallet,
 * the What-is explainers; `.portico-help-link` also ends Networks).
 * Its list items, wallet icons and tiles are kit parts (./base.ts). Owned by the connect remote's
 * maintainers; concatenated into the kit's stylesheet (./index.ts).
 */
export const connectStylesheetText = /* css */ `
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

.portico-connecting-logo {
  position: relative; width: 112px; height: 112px; flex: none;
  display: flex; align-items: center; justify-content: center;
}
.portico-connecting-logo::before {
  content: ''; position: absolute; inset: 0; border-radius: 50%; border: 3px solid transparent;
}
.portico-connecting-logo-waiting::before {
  border-color: var(--portico-surface-hover); border-block-start-color: var(--portico-accent);
  animation: portico-connecting-ring 1s linear infinite;
}
.portico-connecting-logo-failed::before { border-color: var(--portico-error); }
@keyframes portico-connecting-ring { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) {
  .portico-connecting-logo-waiting::before { animation: none; border-color: var(--portico-accent); opacity: 0.6; }
}
.portico-help-link {
  justify-self: center; align-self: center; padding: 6px 8px; border: none; background: none; border-radius: var(--portico-radius);
  color: var(--portico-text-muted); font: inherit; font-size: 0.85em; cursor: pointer; text-decoration: underline;
  text-underline-offset: 3px;
}
.portico-help-link:hover { color: var(--portico-text); }
.portico-help-link:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
.portico-get-wallet-row {
  display: flex; align-items: center; justify-content: space-between; gap: 12px; width: 100%; margin: 0;
  padding: 8px 8px; padding-inline-start: 12px; border-radius: var(--portico-radius); background: var(--portico-surface);
  text-align: start;
}
.portico-get-wallet-row .portico-muted { margin: 0; overflow-wrap: anywhere; }
.portico-get-wallet-button { min-height: 32px; padding: 0 14px; border-radius: 999px; flex: none; }
.portico-store-link { text-decoration: none; }
.portico-store-link .portico-trailing { color: var(--portico-text-muted); flex: none; }
[dir='rtl'] .portico-store-link .portico-trailing { transform: scaleX(-1); }
.portico-store-mark { color: var(--portico-text); }
.portico-explainer { gap: 16px; }
.portico-explainer-images { display: flex; justify-content: center; gap: 8px; }
.portico-explainer-images .portico-round-icon { border-radius: var(--portico-radius); background: var(--portico-surface); }
.portico-explainer-text { margin: 0; max-width: 34ch; color: var(--portico-text-muted); line-height: 1.45; }
.portico-explainer-text:first-of-type { color: var(--portico-text); font-weight: 500; }
.portico-wallet-tile > span, .portico-list-item > span { unicode-bidi: isolate; }
a.portico-list-item { text-decoration: none; }
a.portico-list-item[aria-disabled='true'] { opacity: 0.6; cursor: progress; }
`;
