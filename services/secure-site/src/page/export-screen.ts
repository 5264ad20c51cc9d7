/**
 * The key export screen (issue 28), drawn by this page in its own frame as the approval screen is (./approval-screen.ts:
 * its look, its visibility gate and the height it reports, APPROVAL_SHOWN): a warning, where the fresh code was mailed,
 * the code and the typed word EXPORT; "Show private key" works only with both, and only on a real click once the frame
 * has been visible for `APPROVAL_VISIBLE_DELAY_MS` (trusted, with user activation, Intersection Observer v2 where the
 * browser has it). The key is then shown only here, read-only, with Copy and Done. Cancel, Done, or the wallet ending
 * the export (`KeyExport.signal`) remove the screen and the key with it, and tell the modal (APPROVAL_HIDDEN).
 *
 * Text only through `textContent` (never HTML); style only through the entry's stylesheets (CSP `style-src 'self'`).
 */
import { MAX_APPROVAL_HEIGHT_PX } from '@portico/shared-state/embedded';
import { appendDapp, element, watchVisibility, type ApprovalScreenEnv } from './approval-screen';
import type { ExportedKey, KeyExport } from './export';

/** The word the person types to confirm, exactly. */
export const CONFIRM_WORD = 'EXPORT';

export const EXPORT_TEXTS = {
  heading: 'Export private key',
  warning: 'Anyone with this key controls this wallet and everything in it. Portico will never ask you for it.',
  codeSent: (email: string) => `We sent a code to ${email}`,
  code: 'Email code',
  confirm: `Type ${CONFIRM_WORD} to confirm`,
  cancel: 'Cancel',
  show: 'Show private key',
  privateKey: 'Private key',
  copy: 'Copy',
  done: 'Done',
  waitingToBeSeen: 'Show private key works once this screen has been visible for a moment',
  fillIn: `Enter the 6-digit code from the email and type ${CONFIRM_WORD}`,
  ready: 'Make sure no one can see your screen, then show the key',
  checking: 'Checking the code…',
  shown: 'Shown only here. Keep it offline and never share it, then choose Done.',
  copied: 'Copied',
  copyFailed: 'Copying is not allowed here: select the key and copy it yourself',
} as const;

export interface ExportScreenEnv extends ApprovalScreenEnv {
  /** The screen is gone (Cancel, Done, or ended by the wallet): the modal hides the frame (APPROVAL_HIDDEN). */
  onHidden(): void;
  /** `navigator.clipboard.writeText`. */
  writeClipboard(text: string): Promise<void>;
}

/** A labelled input (or text area) in its row; `id` ties the label to it (its accessible name). */
function field<T extends 'input' | 'textarea' = 'input'>(document: Document, id: string, label: string, tag: T = 'input' as T) {
  const row = element(document, 'div', { className: 'export-field' });
  const name = element(document, 'label', { text: label });
  name.htmlFor = id;
  const input = element(document, tag, { className: 'export-input' }) as HTMLElementTagNameMap[T];
  input.id = id;
  input.autocomplete = 'off';
  input.spellcheck = false;
  row.append(name, input);
  return { row, input };
}

const button = (document: Document, text: string, className: string) => {
  const node = element(document, 'button', { className, text });
  node.type = 'button';
  return node;
};

/** The screen's document part; `show` is the wallet's `showExport`. */
export function createExportScreen(env: ExportScreenEnv) {
  const { document } = env;
  let closeShown: (() => void) | undefined;

  function show(keyExport: KeyExport) {
    closeShown?.();
    if (keyExport.signal.aborted) return;
    const root = element(document, 'main', { className: 'approval export' });
    const heading = element(document, 'h1', { className: 'approval-heading', text: EXPORT_TEXTS.heading });
    heading.id = 'export-heading';
    root.setAttribute('aria-labelledby', heading.id);
    const warning = element(document, 'div', { className: 'approval-warning' });
    warning.append(element(document, 'p', { text: EXPORT_TEXTS.warning }));
    const sentTo = element(document, 'p', { className: 'approval-origin', text: EXPORT_TEXTS.codeSent(keyExport.email) });
    const code = field(document, 'export-code', EXPORT_TEXTS.code);
    code.input.inputMode = 'numeric';
    code.input.maxLength = 6;
    const confirm = field(document, 'export-confirm', EXPORT_TEXTS.confirm);
    confirm.input.autocapitalize = 'characters';
    const error = element(document, 'p', { className: 'export-error' });
    error.setAttribute('role', 'alert');
    const status = element(document, 'p', { className: 'approval-status' });
    status.setAttribute('role', 'status');
    const cancel = button(document, EXPORT_TEXTS.cancel, 'approval-reject');
    const reveal = button(document, EXPORT_TEXTS.show, 'approval-approve');
    const actions = element(document, 'div', { className: 'approval-actions' });
    actions.append(cancel, reveal);
    appendDapp(root, env);
    root.append(heading, warning, sentTo, code.row, confirm.row, error, status, actions);
    document.body.append(root);

    let busy = false;
    let closed = false;
    /** The key's field once shown; emptied on close. */
    let keyField: HTMLTextAreaElement | undefined;
    const typedCode = () => code.input.value.replace(/\s/g, '');
    const filledIn = () => /^\d{6}$/.test(typedCode()) && confirm.input.value === CONFIRM_WORD;
    // Set just below: the observers report through `refresh` from their first call on.
    let visibility: ReturnType<typeof watchVisibility> | undefined;
    const refresh = () => {
      if (keyField) return;
      const seen = visibility?.ready() === true;
      reveal.disabled = busy || !seen || !filledIn();
      status.textContent = busy ? EXPORT_TEXTS.checking : !seen ? EXPORT_TEXTS.waitingToBeSeen : filledIn() ? EXPORT_TEXTS.ready : EXPORT_TEXTS.fillIn;
    };
    visibility = watchVisibility(root, env, refresh);
    refresh();
    code.input.addEventListener('input', refresh);
    confirm.input.addEventListener('input', refresh);

    let lastHeight = 0;
    const reportHeight = () => {
      // As the approval screen: the content's whole height, at most the frame's; it scrolls inside beyond (approval.css).
      const height = Math.min(MAX_APPROVAL_HEIGHT_PX, Math.max(1, Math.ceil(root.scrollHeight)));
      if (height !== lastHeight) env.onHeight((lastHeight = height));
    };
    const resizes = env.ResizeObserver ? new env.ResizeObserver(reportHeight) : undefined;
    resizes?.observe(root);
    reportHeight();

    const close = () => {
      if (closed) return;
      closed = true;
      if (closeShown === close) closeShown = undefined;
      keyExport.signal.removeEventListener('abort', close);
      visibility?.stop();
      resizes?.disconnect();
      // The key leaves the document with the screen; nothing else here holds it.
      if (keyField) keyField.value = '';
      keyField = undefined;
      root.remove();
      env.onHidden();
    };
    closeShown = close;
    keyExport.signal.addEventListener('abort', close, { once: true });

    /** The key in place of the code and the word: read-only, with Copy and Done. */
    const showKey = ({ privateKey }: ExportedKey) => {
      // A text area: the whole key in view, wrapped (an input would scroll it out of sight).
      const shown = field(document, 'export-key', EXPORT_TEXTS.privateKey, 'textarea');
      shown.input.readOnly = true;
      shown.input.rows = 2;
      shown.input.classList.add('export-key');
      shown.input.value = privateKey;
      keyField = shown.input;
      code.input.value = '';
      code.row.replaceWith(shown.row);
      confirm.row.remove();
      error.textContent = '';
      status.textContent = EXPORT_TEXTS.shown;
      const copy = button(document, EXPORT_TEXTS.copy, 'approval-reject');
      const done = button(document, EXPORT_TEXTS.done, 'approval-approve');
      copy.addEventListener('click', () => {
        if (!keyField) return;
        env.writeClipboard(keyField.value).then(
          () => void (status.textContent = EXPORT_TEXTS.copied),
          () => void (status.textContent = EXPORT_TEXTS.copyFailed),
        );
      });
      done.addEventListener('click', close);
      actions.replaceChildren(copy, done);
      reportHeight();
    };

    reveal.addEventListener('click', (event) => {
      // A script's click (untrusted), one without user activation, one before the screen was seen, or an incomplete form: nothing.
      if (busy || !event.isTrusted || env.userActive() === false || visibility?.ready() !== true || !filledIn()) return refresh();
      busy = true;
      error.textContent = '';
      refresh();
      keyExport.reveal(typedCode()).then(
        (key) => {
          if (!closed) showKey(key);
        },
        (refused: unknown) => {
          if (closed) return;
          busy = false;
          error.textContent = refused instanceof Error ? refused.message : String(refused);
          refresh();
          reportHeight();
        },
      );
    });
    // Leaving is always safe: any click may.
    cancel.addEventListener('click', close);
  }

  return {
    show,
    /** Ends the export on screen, if any (an approval takes the frame). */
    close: () => closeShown?.(),
  };
}
