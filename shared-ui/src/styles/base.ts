/**
 * Classes of the kit's own parts and the layout classes every view composes with (stack, row,
 * list, inputs). The shell's eager stylesheet (shell/src/ui/styles.ts) already has the theme
 * variables, the dialog, panels, spinner, buttons, muted/error text, toasts and `.portico-visually-hidden`;
 * this sheet is adopted next to it when the first remote view loads. (Comments stay out of the
 * text: it ships as is, compacted by the build.) Sides are logical (`inline-start`, `start`), so the dialog
 * mirrors under `dir="rtl"`; the back arrow (the header's first button, drawn by the shell) flips there.
 * Where a wallet's name or words can land (a list item's text, a status line), a word longer than the line
 * (a hostile wallet's 100 characters without a space) breaks anywhere instead of widening the dialog.
 */
export const baseStylesheetText = /* css */ `
.portico-stack { display: grid; gap: 8px; }
.portico-row { display: flex; align-items: center; justify-content: center; gap: 8px; }
.portico-center { display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center; padding: 16px 0; }
.portico-full-width { width: 100%; text-align: start; }
.portico-success { color: var(--portico-success); margin: 0; }
.portico-button-secondary { background: var(--portico-surface); color: var(--portico-text); }
.portico-button-secondary:hover { background: var(--portico-surface-hover); }
.portico-button-block { width: 100%; }
.portico-button svg { width: 16px; height: 16px; flex: none; }
a.portico-button { text-decoration: none; }
.portico-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.portico-list-item {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px;
  border: none; border-radius: var(--portico-radius); background: var(--portico-surface);
  color: var(--portico-text); font: inherit; font-weight: 500; text-align: start; cursor: pointer;
}
.portico-list-item > span:not(.portico-tag) { min-width: 0; overflow-wrap: anywhere; }
.portico-list-item:hover { background: var(--portico-surface-hover); }
.portico-list-item[aria-pressed='true'], .portico-list-item[aria-current='true'], .portico-list-item[data-checked='true'] {
  box-shadow: inset 0 0 0 1px var(--portico-accent);
}
.portico-list-item[disabled] { cursor: not-allowed; opacity: 0.6; }
.portico-list-item-static, .portico-list-item-static:hover { cursor: default; background: var(--portico-surface); }
.portico-list-item input { margin: 0; }
.portico-tag { margin-inline-start: auto; font-size: 0.8em; color: var(--portico-success); background: transparent; }
.portico-tag-muted { color: var(--portico-text-muted); }
.portico-trailing { margin-inline-start: auto; }
.portico-wallet-icon {
  width: 40px; height: 40px; border-radius: var(--portico-radius); object-fit: cover; flex: none;
  background: var(--portico-surface-hover); display: inline-flex; align-items: center; justify-content: center;
}
.portico-wallet-icon-large { width: 80px; height: 80px; border-radius: calc(var(--portico-radius) * 2); }
.portico-wallet-grid { display: grid; grid-template-columns: repeat(2, 1fr); gap: 2px; padding: 3px; }
.portico-wallet-grid > * { width: 100%; aspect-ratio: 1; border-radius: calc(var(--portico-radius) / 2); object-fit: cover; }
.portico-wallet-grid-cell { background: var(--portico-surface); }
.portico-wallet-grid-icon { color: var(--portico-text-muted); }
.portico-wallet-tile {
  width: 100%; height: 100%; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 6px; padding: 8px 4px; min-width: 0; border: none; border-radius: var(--portico-radius);
  background: var(--portico-surface); color: var(--portico-text); font: inherit; font-size: 0.85em; text-align: center; cursor: pointer;
}
.portico-wallet-tile:hover { background: var(--portico-surface-hover); }
.portico-wallet-tile span { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.portico-wallet-tile .portico-tag { margin: 0; }
.portico-label { color: var(--portico-text-muted); margin: 0; }
.portico-section-label { color: var(--portico-text-muted); font-size: 0.85em; }
.portico-search {
  width: 100%; min-height: 40px; padding: 0 12px; border-radius: var(--portico-radius);
  border: 1px solid var(--portico-border); background: var(--portico-surface); color: var(--portico-text); font: inherit;
}
.portico-search:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
.portico-toggle { display: flex; align-items: center; gap: 8px; cursor: pointer; }
.portico-toggle input { margin: 0; }
.portico-details { margin: 0; }
.portico-details .portico-list-item { justify-content: space-between; }
.portico-details dd { margin: 0; }
.portico-balance { font-size: 2em; font-weight: 600; margin: 0; }
.portico-status-line { display: flex; align-items: center; justify-content: center; gap: 8px; color: var(--portico-text-muted); margin: 0; overflow-wrap: anywhere; }
.portico-status-line .portico-spinner { flex: none; }
.portico-tablist { display: flex; gap: 8px; }
.portico-tablist .portico-button { flex: 1; min-height: 32px; }
.portico-qr { width: 240px; height: 240px; padding: 12px; border-radius: calc(var(--portico-radius) * 2); background: #fff; }
.portico-qr-code { display: block; max-width: 100%; height: auto; border-radius: var(--portico-radius); }
.portico-qr-modules { fill: var(--portico-qr-color, #000); }
.portico-qr-placeholder { display: block; max-width: 100%; border-radius: var(--portico-radius); background: var(--portico-surface); }
/* SubmitButton's spinner and OneTimeCodeForm's field (embedded-wallet.tsx) */
.portico-button-spinner { width: 16px; height: 16px; border-width: 2px; flex: none; }
.portico-code-input { letter-spacing: 0.3em; font-variant-numeric: tabular-nums; text-align: center; }
[dir='rtl'] .portico-header > button:first-child svg { transform: scaleX(-1); }
.portico-skeleton {
  display: block; flex: none; border-radius: var(--portico-radius);
  background: linear-gradient(90deg, var(--portico-surface-hover) 35%, color-mix(in srgb, var(--portico-text) 7%, var(--portico-surface-hover)) 50%, var(--portico-surface-hover) 65%) 0 0 / 300% 100%;
  animation: portico-shimmer 1.4s ease-in-out infinite;
}
.portico-skeleton-icon { width: 40px; height: 40px; }
.portico-skeleton-round { border-radius: 50%; }
.portico-skeleton-line { width: 55%; height: 12px; }
.portico-skeleton-short { width: 64px; height: 10px; }
.portico-skeleton-text { flex: 1; display: grid; gap: 8px; }
.portico-skeleton-row { min-height: 60px; }
.portico-skeleton-row:nth-child(3n + 2) .portico-skeleton-line { width: 40%; }
.portico-skeleton-row:nth-child(3n) .portico-skeleton-line { width: 48%; }
[dir='rtl'] .portico-skeleton { animation-direction: reverse; }
@keyframes portico-shimmer { from { background-position: 100% 0; } to { background-position: 0 0; } }
@media (prefers-reduced-motion: reduce) { .portico-skeleton { animation: none; background: var(--portico-surface-hover); } }
`;
