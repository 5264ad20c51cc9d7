/**
 * The transaction screens' parts (Send, Swap and their results): amount cards, the token button and sheet,
 * the receiver's resolved name, the inline quote, the slippage popover, the step indicator, the result panel,
 * addresses on one line. Owned by the send and swap remotes' maintainers; concatenated into the kit's
 * stylesheet (./index.ts). Sides are logical, so the screens mirror under `dir="rtl"`; the warning colour
 * keeps 4.5:1 on the surfaces in both themes. Grids are `minmax(0, 1fr)` so an input's intrinsic width never
 * widens the dialog. (Comments stay out of the text: it ships as is.)
 */
export const sendSwapStylesheetText = /* css */ `
:host { --portico-warning: #f2b23a; }
:host([data-theme='light']) { --portico-warning: #8a5300; }
.portico-tx { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
.portico-tx[hidden] { display: none; }
.portico-amount { display: grid; grid-template-columns: minmax(0, 1fr); gap: 6px; }
.portico-amount-card {
  display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px; padding: 14px 16px; border-radius: calc(var(--portico-radius) * 1.5);
  background: var(--portico-surface); border: 1px solid transparent;
}
.portico-amount-card:focus-within { border-color: var(--portico-accent); }
.portico-amount-card[data-invalid] { border-color: var(--portico-error); }
.portico-amount-row { display: flex; align-items: center; gap: 12px; }
.portico-amount-input {
  flex: 1; min-width: 0; width: 100%; padding: 0; border: none; background: transparent; color: var(--portico-text);
  font: inherit; font-size: 2.1em; font-weight: 600; font-variant-numeric: tabular-nums; outline: none;
}
.portico-amount-input::placeholder { color: var(--portico-text-muted); }
.portico-amount-input[readonly] { cursor: default; }
.portico-amount-meta { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 24px; color: var(--portico-text-muted); font-size: 0.9em; }
.portico-amount-balance { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.portico-max-button {
  padding: 2px 8px; border: none; border-radius: 999px; background: var(--portico-surface-hover);
  color: var(--portico-text); font: inherit; font-weight: 600; cursor: pointer; white-space: nowrap; flex: none;
}
.portico-max-button:hover { background: var(--portico-border); }
.portico-max-button[disabled] { opacity: 0.5; cursor: not-allowed; }
.portico-field-error { font-size: 0.9em; padding-inline: 4px; }
.portico-token-button {
  flex: none; display: inline-flex; align-items: center; gap: 6px; min-height: 36px; padding: 4px 10px 4px 4px;
  border: 1px solid var(--portico-border); border-radius: 999px; background: var(--portico-background);
  color: var(--portico-text); font: inherit; font-weight: 600; cursor: pointer; white-space: nowrap;
}
.portico-token-button[data-empty] { padding-inline-start: 12px; background: var(--portico-accent); border-color: var(--portico-accent); color: #fff; }
.portico-token-button:hover { border-color: var(--portico-text-muted); }
.portico-token-button svg { width: 14px; height: 14px; flex: none; }
.portico-token-button .portico-round-icon { width: 28px; height: 28px; }
.portico-round-icon { border-radius: 50%; flex: none; object-fit: cover; background: var(--portico-surface-hover); }
.portico-monogram circle { fill: var(--portico-accent); }
.portico-monogram text { fill: #fff; font: 600 11px var(--portico-font-family); }
.portico-sheet { display: grid; gap: 10px; }
.portico-sheet-header { display: grid; grid-template-columns: 32px 1fr 32px; align-items: center; }
.portico-sheet-header h3 { grid-column: 2; margin: 0; text-align: center; font-size: 1em; }
.portico-sheet-empty { text-align: center; padding: 16px 0; }
.portico-token-list { gap: 4px; }
.portico-token-row {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 8px 10px; border: none;
  border-radius: var(--portico-radius); background: transparent; color: var(--portico-text); font: inherit; text-align: start; cursor: pointer;
}
.portico-token-row:hover { background: var(--portico-surface); }
.portico-token-row[aria-current='true'] { background: var(--portico-surface); box-shadow: inset 0 0 0 1px var(--portico-accent); }
.portico-token-row-names, .portico-token-row-amounts { display: grid; gap: 2px; min-width: 0; }
.portico-token-row-names > span:first-child, .portico-token-row-amounts > span:first-child { font-weight: 600; }
.portico-token-row-names .portico-muted, .portico-token-row-amounts .portico-muted { font-size: 0.85em; }
.portico-token-row-names span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.portico-token-row-amounts { margin-inline-start: auto; text-align: end; font-variant-numeric: tabular-nums; }
.portico-receiver { display: grid; gap: 6px; }
.portico-receiver-found { display: flex; align-items: center; gap: 8px; padding-inline: 4px; min-width: 0; }
.portico-receiver-found > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 600; }
.portico-address { display: inline-flex; align-items: center; gap: 2px; white-space: nowrap; font-variant-numeric: tabular-nums; }
.portico-address .portico-icon-button { width: 28px; height: 28px; }
.portico-review-amount { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 8px 0 4px; }
.portico-review-amount p { margin: 0; font-size: 1.9em; font-weight: 600; text-align: center; overflow-wrap: anywhere; }
.portico-details dd { text-align: end; min-width: 0; }
.portico-details dd .portico-address { justify-content: flex-end; }
.portico-swap-head { display: flex; align-items: center; justify-content: space-between; min-height: 32px; }
.portico-swap-cards { position: relative; display: grid; grid-template-columns: minmax(0, 1fr); gap: 4px; min-width: 0; margin: 0; padding: 0; border: 0; }
.portico-flip-button {
  position: absolute; inset-inline-start: 50%; top: 50%; transform: translate(-50%, -50%); z-index: 1;
  width: 36px; height: 36px; display: inline-flex; align-items: center; justify-content: center;
  border: 4px solid var(--portico-background); border-radius: 12px; background: var(--portico-surface-hover);
  color: var(--portico-text); cursor: pointer;
}
[dir='rtl'] .portico-flip-button { transform: translate(50%, -50%); }
.portico-flip-button:hover { background: var(--portico-border); }
.portico-flip-button svg { width: 16px; height: 16px; }
.portico-quote { min-height: 24px; }
.portico-quote .portico-details .portico-list-item { padding-block: 6px; }
.portico-quote .portico-details { gap: 0; border-radius: var(--portico-radius); overflow: hidden; }
.portico-quote-loading { display: flex; align-items: center; gap: 8px; color: var(--portico-text-muted); margin: 0; }
.portico-quote-loading .portico-spinner { width: 14px; height: 14px; border-width: 2px; }
.portico-impact-high { color: var(--portico-warning); font-weight: 600; }
.portico-popover-anchor { position: relative; }
.portico-popover {
  position: absolute; inset-inline-end: 0; top: calc(100% + 6px); z-index: 2; width: 240px; display: grid; gap: 10px;
  padding: 12px; border-radius: var(--portico-radius); border: 1px solid var(--portico-border);
  background: var(--portico-background); box-shadow: 0 8px 24px rgba(0, 0, 0, 0.3);
}
.portico-popover p { margin: 0; }
.portico-choice-row { display: flex; gap: 4px; padding: 3px; border-radius: var(--portico-radius); background: var(--portico-surface); }
.portico-choice-row label { flex: 1; position: relative; display: flex; justify-content: center; padding: 6px 0; border-radius: calc(var(--portico-radius) * 0.75); cursor: pointer; font-weight: 600; }
.portico-choice-row input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.portico-choice-row label[data-checked='true'] { background: var(--portico-accent); color: #fff; }
.portico-choice-row label:focus-within { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
.portico-steps { display: grid; gap: 6px; }
.portico-steps ol { list-style: none; margin: 0; padding: 0; display: flex; align-items: center; gap: 8px; }
.portico-steps li { flex: 1; display: flex; align-items: center; gap: 8px; color: var(--portico-text-muted); font-weight: 600; font-size: 0.9em; }
.portico-steps li + li::before { content: ''; flex: 0 0 16px; height: 2px; border-radius: 1px; background: var(--portico-border); }
.portico-steps li[data-state='current'] { color: var(--portico-text); }
.portico-steps li[data-state='done'] { color: var(--portico-success); }
.portico-step-mark {
  width: 24px; height: 24px; flex: none; display: inline-flex; align-items: center; justify-content: center;
  border-radius: 50%; border: 2px solid currentColor; font-size: 0.85em;
}
.portico-steps li[data-state='current'] .portico-step-mark { border-color: var(--portico-accent); background: var(--portico-accent); color: #fff; }
.portico-step-mark svg { width: 14px; height: 14px; }
.portico-steps-status { min-height: 1.3em; font-size: 0.9em; }
.portico-steps-status:empty { display: none; }
.portico-tx-head { justify-items: center; gap: 6px; }
.portico-tx-head p { margin: 0; }
.portico-tx-title { font-size: 1.15em; font-weight: 600; }
.portico-tx-amount { font-size: 1.8em; font-weight: 600; overflow-wrap: anywhere; }
.portico-tx-spinner { width: 56px; height: 56px; border-width: 4px; margin-bottom: 8px; }
.portico-tx-icon { width: 56px; height: 56px; margin-bottom: 8px; color: #fff; }
.portico-tx-icon[data-phase='success'] circle { fill: var(--portico-success); }
.portico-tx-icon[data-phase='failed'] circle { fill: var(--portico-error); }
.portico-tx-icon[data-phase='unconfirmed'] circle { fill: var(--portico-warning); }
.portico-tx-proof { display: grid; justify-items: center; gap: 4px; }
.portico-tx-hash { display: inline-flex; align-items: center; gap: 8px; }
.portico-tx-proof a { color: var(--portico-text); font-weight: 600; text-underline-offset: 3px; }
`;
