import { THEME_DEFAULTS } from '@portico/shared-state';

/**
 * The shell's stylesheet, adopted into the shadow root at once: the theme variables and what the
 * shell itself draws before any remote has loaded (dialog, header, body, loading and error panels,
 * spinner, buttons, muted and error text, toast, alert, the live region's `.portico-visually-hidden`).
 * Every other class is the UI kit's (`kitStylesheetText` of `@portico/ui`, shared-ui/src/styles/),
 * adopted next to this one with the first remote view. (Comments stay out of the text: it ships as is.)
 *
 * A title may carry a wallet's name as the wallet announced it (up to 100 characters, no spaces): it breaks
 * anywhere rather than widen the dialog, and the header's middle column may shrink below its longest word. The
 * header's title (the dialog's accessible name, always read whole) is drawn in at most two lines, then an ellipsis.
 * A panel's words (an error a wallet threw) break the same way.
 *
 * Motion and layout (spec §9): the card hangs a fixed distance from the viewport's top (a bottom sheet at 430 px and
 * narrower), so a view change never re-centres it; its header stays put while the view scrolls in `.portico-viewport`
 * under it, whose height (written by `useAnimatedHeight`, ui/motion.ts) moves in 150 ms; the title fades in over
 * 120 ms and each view's body over 150 ms. Toasts take a line at the top of the content, under the header, never over
 * a control. `prefers-reduced-motion` turns every animation and transition off.
 *
 * Theme (spec §9 `THEME_DEFAULTS`, AppKit's variable set): the host's `--portico-color-mix` is blended into the
 * background, surfaces and border by `--portico-color-mix-strength` percent (0 by default: the base colours as they are);
 * `--portico-qr-color` draws the QR code's modules.
 *
 * The default colours meet WCAG AA in both themes: white on the accent 4.7:1; muted, error and
 * success text 4.5:1 or more on the background and every surface. The title has no focus ring:
 * script focuses it when a view opens (for screen readers), and it is not a control.
 */
export const stylesheetText = /* css */ `
:host {
  --portico-accent: #2570e0;
  --portico-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  --portico-font-size-master: ${THEME_DEFAULTS.fontSizeMasterPx}px;
  --portico-border-radius-master: ${THEME_DEFAULTS.borderRadiusMasterPx}px;
  --portico-z-index: ${THEME_DEFAULTS.zIndex};
  --portico-color-mix: transparent;
  --portico-color-mix-strength: 0;
  --portico-qr-color: #000;
  --portico-base-background: ${THEME_DEFAULTS.darkBackground};
  --portico-base-surface: #1f2021;
  --portico-base-surface-hover: #2a2c2d;
  --portico-base-border: #2f3233;
  --portico-text: #e4e7e7;
  --portico-text-muted: #9a9e9f;
  --portico-error: #f46b77;
  --portico-success: #26d962;
  --portico-mix: calc(var(--portico-color-mix-strength) * 1%);
  --portico-background: color-mix(in srgb, var(--portico-color-mix) var(--portico-mix), var(--portico-base-background));
  --portico-surface: color-mix(in srgb, var(--portico-color-mix) var(--portico-mix), var(--portico-base-surface));
  --portico-surface-hover: color-mix(in srgb, var(--portico-color-mix) var(--portico-mix), var(--portico-base-surface-hover));
  --portico-border: color-mix(in srgb, var(--portico-color-mix) var(--portico-mix), var(--portico-base-border));
  --portico-radius: calc(var(--portico-border-radius-master) * 4);
  --portico-font-size: calc(var(--portico-font-size-master) * 1.4);
  --portico-modal-width: ${THEME_DEFAULTS.modalWidthPx}px;
  all: initial;
}
:host([data-theme='light']) {
  --portico-base-background: ${THEME_DEFAULTS.lightBackground};
  --portico-base-surface: #f3f4f4;
  --portico-base-surface-hover: #e8eaea;
  --portico-base-border: #e1e3e3;
  --portico-text: #141414;
  --portico-text-muted: #5c6161;
  --portico-error: #c9283a;
  --portico-success: #0b7a35;
}
* { box-sizing: border-box; }
.portico-overlay {
  --portico-top: min(12vh, 96px);
  position: fixed; inset: 0; z-index: var(--portico-z-index);
  display: flex; align-items: flex-start; justify-content: center; padding-top: var(--portico-top);
  background: rgba(0, 0, 0, 0.5);
  font-family: var(--portico-font-family); font-size: var(--portico-font-size);
  color: var(--portico-text);
  animation: portico-fade 150ms ease-out;
}
.portico-dialog {
  width: var(--portico-modal-width); max-width: calc(100vw - 16px); display: flex; flex-direction: column; overflow: hidden;
  max-height: calc(100vh - var(--portico-top) - 16px); max-height: calc(100dvh - var(--portico-top) - 16px);
  background: var(--portico-background); border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-radius) * 2);
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35);
  animation: portico-rise 150ms ease-out; outline: none; position: relative;
}
.portico-dialog:focus-visible { box-shadow: 0 0 0 2px var(--portico-accent); }
.portico-dialog[data-shake='true'] { animation: portico-shake 500ms; }
.portico-viewport { flex: 0 1 auto; min-height: 0; overflow-y: auto; overscroll-behavior: contain; transition: height 150ms ease-out; }
.portico-viewport[data-resizing] { overflow: clip; }
.portico-content { padding: 4px 0 16px; }
.portico-header { flex: none; display: grid; grid-template-columns: 40px minmax(0, 1fr) 40px; align-items: center; padding: 12px 12px 4px; }
.portico-title { margin: 0; text-align: center; font-size: 1.1em; font-weight: 600; outline: none; overflow-wrap: anywhere; }
.portico-header .portico-title { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.portico-title-text { animation: portico-fade 120ms ease-out; }
.portico-icon-button {
  width: 32px; height: 32px; display: inline-flex; align-items: center; justify-content: center;
  border: none; border-radius: var(--portico-radius); background: transparent; color: var(--portico-text);
  cursor: pointer; font: inherit;
}
.portico-icon-button:hover { background: var(--portico-surface-hover); }
.portico-icon-button svg { width: 16px; height: 16px; }
button:focus-visible, a:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.portico-body { padding: 0 16px; animation: portico-fade 150ms ease-out; }
.portico-muted { color: var(--portico-text-muted); margin: 0; }
.portico-error-text { color: var(--portico-error); margin: 0; font-weight: 600; }
.portico-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 40px;
  padding: 0 16px; border: none; border-radius: var(--portico-radius); background: var(--portico-accent);
  color: #fff; font: inherit; font-weight: 600; cursor: pointer;
}
.portico-button[disabled] { opacity: 0.6; cursor: not-allowed; }
.portico-spinner {
  width: 24px; height: 24px; border-radius: 50%; border: 3px solid var(--portico-surface-hover);
  border-top-color: var(--portico-accent); animation: portico-spin 800ms linear infinite;
}
.portico-panel { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 24px 0; text-align: center; overflow-wrap: anywhere; }
.portico-toast {
  position: sticky; top: 0; z-index: 1; margin: 0 16px 12px; padding: 8px 14px; text-align: center; overflow-wrap: anywhere;
  border-radius: var(--portico-radius); background: var(--portico-surface); border: 1px solid var(--portico-border);
  animation: portico-fade 150ms ease-out;
}
.portico-toast[data-variant='error'] { color: var(--portico-error); }
.portico-toast[data-variant='success'] { color: var(--portico-success); }
.portico-alert {
  margin: 0 16px 12px; padding: 10px 12px; border-radius: var(--portico-radius);
  border: 1px solid var(--portico-error); color: var(--portico-text); display: grid; gap: 4px;
}
.portico-alert strong { color: var(--portico-error); }
.portico-alert p { margin: 0; font-size: 0.9em; }
.portico-visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
@keyframes portico-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes portico-rise { from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; } }
@keyframes portico-sheet { from { transform: translateY(100%); } to { transform: none; } }
@keyframes portico-spin { to { transform: rotate(360deg); } }
@keyframes portico-shake {
  10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition: none !important; }
}
@media (max-width: 430px) {
  .portico-overlay { align-items: flex-end; padding: 0; }
  .portico-dialog {
    width: 100%; max-width: none; max-height: calc(100vh - 24px); max-height: calc(100dvh - 24px); border-block-end: none;
    border-radius: calc(var(--portico-radius) * 2) calc(var(--portico-radius) * 2) 0 0; animation-name: portico-sheet;
  }
  .portico-content { padding-bottom: max(16px, env(safe-area-inset-bottom)); }
}
/* Embedded (inline) mode: in the page's flow, as wide as its container allows, no overlay, shadow or sheet. */
.portico-inline { font-family: var(--portico-font-family); font-size: var(--portico-font-size); color: var(--portico-text); }
.portico-inline .portico-dialog {
  width: var(--portico-modal-width); max-width: 100%; max-height: none; box-shadow: none; animation: none;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-radius) * 2);
}
.portico-inline .portico-dialog[data-shake='true'] { animation: portico-shake 500ms; }
`;
