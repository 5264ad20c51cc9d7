/**
 * Classes only the account remote's views use (Account, WalletReceive, the tabs' panels, ApproveTransaction).
 * Owned by the account remote's maintainers; concatenated into the kit's stylesheet (./index.ts).
 */
export const accountStylesheetText = /* css */ `
.portico-address { font-weight: 600; font-size: 1.2em; margin: 0; }
.portico-address-full { font-size: 1em; word-break: break-all; font-family: ui-monospace, monospace; }
.portico-chip { display: inline-flex; align-items: center; gap: 6px; padding: 4px 10px; border-radius: 999px; background: var(--portico-surface); }
.portico-chip-list { display: flex; flex-wrap: wrap; }
.portico-avatar { width: 64px; height: 64px; border-radius: 50%; object-fit: cover; background: conic-gradient(from 90deg, var(--portico-accent), #7b61ff, #26d962, var(--portico-accent)); }
.portico-account-actions { width: 100%; flex-wrap: wrap; }
.portico-account-actions .portico-button { flex: 1; }
.portico-item-text { display: grid; gap: 2px; min-width: 0; flex: 1; }
.portico-item-meta { display: grid; gap: 2px; justify-items: end; flex: none; text-align: end; }
.portico-item-secondary { font-weight: 400; }
.portico-item-end { flex: none; }
.portico-ellipsis { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.portico-quantity { display: flex; gap: 0.3em; }
.portico-token-avatar { border-radius: 50%; font-size: 0.85em; }
.portico-nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
.portico-nft-tile {
  display: flex; flex-direction: column; gap: 6px; padding: 8px; min-width: 0; border-radius: var(--portico-radius);
  background: var(--portico-surface); font-size: 0.85em;
}
.portico-nft-tile span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.portico-nft-image { display: block; width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: var(--portico-radius); background: var(--portico-surface-hover); }
.portico-nft-name { font-weight: 600; }
.portico-scroll-sentinel { height: 1px; }
/* The embedded account's details under the address: a line with its action (email, account type), a stack of lines. */
.portico-account-detail-row { width: 100%; justify-content: space-between; }
.portico-account-detail-row p { margin: 0; min-width: 0; }
/* "Edit email" keeps its words on one line; the address beside it gives way (ellipsis). */
.portico-account-detail-row button { flex: none; white-space: nowrap; }
.portico-account-details { display: grid; gap: 2px; width: 100%; min-width: 0; }
.portico-account-details p { margin: 0; }
.portico-account-username { font-weight: 600; }
/* An embedded-wallet batch that stopped short (issue 29): its title, what was not sent, Dismiss at the end. */
.portico-batch-report {
  display: grid; gap: 6px; width: 100%; padding: 12px; border: 1px solid var(--portico-border);
  border-radius: var(--portico-radius); text-align: start;
}
.portico-batch-report p { margin: 0; }
.portico-batch-report .portico-button { justify-self: end; }
/* Activity (issue 31): a heading and a list per day; each row's visual is the asset's icon (a swap: out at the start,
   in at the end) badged with the kind at the bottom and the network at the top, or the kind alone in a circle. */
.portico-activity-day { display: grid; gap: 8px; }
.portico-activity-heading { margin: 0; padding-inline-start: 4px; font-weight: 600; }
.portico-activity-visual { position: relative; flex: none; width: 40px; height: 40px; }
.portico-activity-asset {
  position: absolute; inset-block-start: 0; inset-inline-start: 0; width: 40px; height: 40px; border-radius: 50%;
  object-fit: cover; background: var(--portico-surface-hover);
}
.portico-activity-pair .portico-activity-asset { width: 28px; height: 28px; }
.portico-activity-pair .portico-activity-asset + .portico-activity-asset {
  inset-block: auto 0; inset-inline: auto 0; box-shadow: 0 0 0 2px var(--portico-surface);
}
.portico-activity-kind, .portico-activity-network {
  position: absolute; border-radius: 50%; box-shadow: 0 0 0 2px var(--portico-surface); background: var(--portico-surface-hover);
}
.portico-activity-kind {
  inset-block-end: -3px; inset-inline-end: -3px; width: 18px; height: 18px; display: grid; place-items: center;
  color: var(--portico-background); background: var(--portico-text-muted);
}
.portico-activity-pair .portico-activity-kind { inset-inline: -3px auto; }
.portico-activity-kind svg { width: 12px; height: 12px; }
.portico-activity-network { inset-block-start: -3px; inset-inline-end: -3px; width: 16px; height: 16px; object-fit: cover; }
.portico-activity-glyph {
  width: 40px; height: 40px; border-radius: 50%; display: grid; place-items: center;
  background: var(--portico-surface-hover); color: var(--portico-text-muted);
}
.portico-activity-glyph svg { width: 20px; height: 20px; }
.portico-activity-kind.portico-activity-sent, .portico-activity-kind.portico-activity-swapped { background: var(--portico-accent); }
.portico-activity-kind.portico-activity-received, .portico-activity-kind.portico-activity-minted,
.portico-activity-kind.portico-activity-approved { background: var(--portico-success); }
.portico-activity-glyph.portico-activity-failed { color: var(--portico-error); }
/* The secure site's approval screen is shown over this box (issue 28); beyond it the frame scrolls its own content. */
.portico-approval-frame { width: 100%; max-height: min(70vh, 640px); }
`;
