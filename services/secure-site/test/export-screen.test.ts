/**
 * The key export screen's document part (src/page/export-screen.ts) in happy-dom: its texts, labels and roles; "Show
 * private key" disabled until the screen has been seen for APPROVAL_VISIBLE_DELAY_MS, the code has 6 digits and the
 * word is exactly EXPORT; a script's click (or one without user activation) revealing nothing; the key read-only in
 * place of the form, Copy and Done; a refusal in the server's words; Cancel, Done and the wallet's abort removing the
 * screen and the key. The visibility gate itself (Intersection Observer v1/v2) is the approval screen's, tested in
 * approval-screen.test.ts: here the browser has no observer, so the screen counts as seen from the moment it is shown.
 */
import { describe, expect, test } from '@rstest/core';
import { APPROVAL_VISIBLE_DELAY_MS } from '@portico/shared-state/embedded';
import { Window } from 'happy-dom';
import type { ExportedKey, KeyExport } from '../src/page/export';
import { CONFIRM_WORD, createExportScreen, EXPORT_TEXTS } from '../src/page/export-screen';

const EMAIL = 'ada@example.com';
const KEY: ExportedKey = { address: '0x1111111111111111111111111111111111111111', privateKey: `0x${'ab'.repeat(32)}` };

function setUp(options: { userActive?: boolean; clipboard?: 'works' | 'refused' } = {}) {
  const window = new Window({ url: 'http://127.0.0.1:3010/?projectId=p&chainId=31337&version=1' });
  const document = window.document as unknown as Document;
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const heights: number[] = [];
  const copied: string[] = [];
  let hidden = 0;
  const screen = createExportScreen({
    document,
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => void (timers = timers.filter((each) => each !== timer));
    },
    userActive: () => options.userActive ?? true,
    onHeight: (height) => void heights.push(height),
    onHidden: () => void (hidden += 1),
    writeClipboard: async (text) => {
      if (options.clipboard === 'refused') throw new Error('NotAllowedError');
      copied.push(text);
    },
  });
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now);
    timers = timers.filter((timer) => timer.at > now);
    for (const timer of due) timer.run();
  };
  /** The wallet's side: every code the screen asked to reveal, and the answer the test gives. */
  const codes: string[] = [];
  let answer: (code: string) => Promise<ExportedKey> = async () => KEY;
  const ended = new AbortController();
  const keyExport: KeyExport = {
    email: EMAIL,
    signal: ended.signal,
    reveal: (code) => (codes.push(code), answer(code)),
  };
  const show = () => screen.show(keyExport);
  const byLabel = (label: string) => {
    const name = [...document.querySelectorAll('label')].find((each) => each.textContent === label);
    return name ? (document.getElementById(name.htmlFor) as HTMLInputElement | HTMLTextAreaElement | null) : null;
  };
  const button = (name: string) => [...document.querySelectorAll('button')].find((each) => each.textContent === name) as HTMLButtonElement | undefined;
  const status = () => document.querySelector('[role="status"]')?.textContent;
  const alert = () => document.querySelector('[role="alert"]')?.textContent;
  const type = (label: string, value: string) => {
    const input = byLabel(label)!;
    input.value = value;
    input.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
  };
  /** A click as the browser makes it for a person (happy-dom's own events are never trusted). */
  const trustedClick = (target: HTMLElement) => {
    const event = new window.MouseEvent('click', { bubbles: true }) as unknown as MouseEvent;
    Object.defineProperty(event, 'isTrusted', { value: true });
    target.dispatchEvent(event);
  };
  /** Lets the screen's promise callbacks run. */
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    document, screen, show, advance, heights, copied, codes, ended, byLabel, button, status, alert, type, trustedClick, flush,
    hidden: () => hidden,
    answerWith: (next: typeof answer) => void (answer = next),
  };
}

/** Shown, seen for the delay, the code and the word typed: ready to reveal. */
function readyToReveal(options?: Parameters<typeof setUp>[0]) {
  const t = setUp(options);
  t.show();
  t.advance(APPROVAL_VISIBLE_DELAY_MS);
  t.type(EXPORT_TEXTS.code, '123456');
  t.type(EXPORT_TEXTS.confirm, CONFIRM_WORD);
  return t;
}

describe('the key export screen', () => {
  test('its texts, labels and roles: heading, warning, where the code went, two labelled fields, Cancel and Show private key', () => {
    const { document, show, byLabel, button, status, heights } = setUp();
    show();
    expect(document.querySelector('h1')?.textContent).toBe('Export private key');
    expect(document.querySelector('main')?.getAttribute('aria-labelledby')).toBe(document.querySelector('h1')?.id);
    const texts = [...document.querySelectorAll('p')].map((p) => p.textContent);
    expect(texts).toContain('Anyone with this key controls this wallet and everything in it. Portico will never ask you for it.');
    expect(texts).toContain(`We sent a code to ${EMAIL}`);
    expect(byLabel('Email code')?.tagName).toBe('INPUT');
    expect(byLabel('Type EXPORT to confirm')?.tagName).toBe('INPUT');
    expect(button('Cancel')?.type).toBe('button');
    expect(button('Show private key')?.disabled).toBe(true);
    expect(status()).toBe(EXPORT_TEXTS.waitingToBeSeen);
    expect(document.querySelector('[style]')).toBeNull();
    expect(heights).toHaveLength(1);
    expect(heights[0]).toBeGreaterThanOrEqual(1);
  });

  test(`Show private key is enabled only once seen for ${APPROVAL_VISIBLE_DELAY_MS} ms, with 6 digits and exactly ${CONFIRM_WORD}`, () => {
    const { show, advance, type, button, status } = setUp();
    show();
    type(EXPORT_TEXTS.code, '123456');
    type(EXPORT_TEXTS.confirm, CONFIRM_WORD);
    advance(APPROVAL_VISIBLE_DELAY_MS - 1);
    expect(button('Show private key')?.disabled).toBe(true);
    advance(1);
    expect(button('Show private key')?.disabled).toBe(false);
    expect(status()).toBe(EXPORT_TEXTS.ready);
    for (const [code, word] of [
      ['12345', CONFIRM_WORD],
      ['12345a', CONFIRM_WORD],
      ['123456', 'export'],
      ['123456', 'EXPORT '],
      ['123456', ''],
    ]) {
      type(EXPORT_TEXTS.code, code!);
      type(EXPORT_TEXTS.confirm, word!);
      expect(button('Show private key')?.disabled).toBe(true);
      expect(status()).toBe(EXPORT_TEXTS.fillIn);
    }
    // A pasted code with a space is the same code.
    type(EXPORT_TEXTS.code, '123 456');
    type(EXPORT_TEXTS.confirm, CONFIRM_WORD);
    expect(button('Show private key')?.disabled).toBe(false);
  });

  test("a script's click, or one without user activation, reveals nothing; the person's click reveals the key, and only it", async () => {
    const { button, codes, trustedClick, flush, byLabel, document, status, heights } = readyToReveal();
    const reveal = button('Show private key')!;
    reveal.click();
    reveal.dispatchEvent(new (document.defaultView as unknown as typeof globalThis).MouseEvent('click') as Event);
    expect(codes).toEqual([]);
    const inactive = readyToReveal({ userActive: false });
    inactive.trustedClick(inactive.button('Show private key')!);
    expect(inactive.codes).toEqual([]);

    trustedClick(reveal);
    expect(codes).toEqual(['123456']);
    expect(status()).toBe(EXPORT_TEXTS.checking);
    expect(reveal.disabled).toBe(true);
    await flush();
    const key = byLabel('Private key') as HTMLTextAreaElement;
    expect(key.tagName).toBe('TEXTAREA');
    expect(key.readOnly).toBe(true);
    expect(key.value).toBe(KEY.privateKey);
    // The form gave way to the key: no code or word left in the document.
    expect(byLabel('Email code')).toBeNull();
    expect(byLabel('Type EXPORT to confirm')).toBeNull();
    expect(document.body.innerHTML).not.toContain('123456');
    expect(button('Show private key')).toBeUndefined();
    expect(status()).toBe(EXPORT_TEXTS.shown);
    expect(heights.length).toBeGreaterThanOrEqual(1);
  });

  test('Copy puts the key on the clipboard (or says to copy it by hand); Done removes the screen and the key', async () => {
    const t = readyToReveal();
    t.trustedClick(t.button('Show private key')!);
    await t.flush();
    t.button('Copy')!.click();
    await t.flush();
    expect(t.copied).toEqual([KEY.privateKey]);
    expect(t.status()).toBe(EXPORT_TEXTS.copied);
    const key = t.byLabel('Private key') as HTMLTextAreaElement;
    t.button('Done')!.click();
    expect(t.document.querySelector('main')).toBeNull();
    expect(key.value).toBe('');
    expect(t.hidden()).toBe(1);

    const refused = readyToReveal({ clipboard: 'refused' });
    refused.trustedClick(refused.button('Show private key')!);
    await refused.flush();
    refused.button('Copy')!.click();
    await refused.flush();
    expect(refused.status()).toBe(EXPORT_TEXTS.copyFailed);
  });

  test("a refused code: the server's words in an alert, the button back; Cancel removes the screen", async () => {
    const t = readyToReveal();
    t.answerWith(async () => {
      throw new Error('Invalid code');
    });
    t.trustedClick(t.button('Show private key')!);
    await t.flush();
    expect(t.alert()).toBe('Invalid code');
    expect(t.byLabel('Private key')).toBeNull();
    expect(t.button('Show private key')?.disabled).toBe(false);
    t.button('Cancel')!.click();
    expect(t.document.querySelector('main')).toBeNull();
    expect(t.hidden()).toBe(1);
  });

  test('the wallet ends the export (the modal cancelled, a sign-out): the screen goes, and a key arriving late is not shown', async () => {
    const t = readyToReveal();
    let arrive: (key: ExportedKey) => void = () => undefined;
    t.answerWith(() => new Promise((resolve) => (arrive = resolve)));
    t.trustedClick(t.button('Show private key')!);
    t.ended.abort();
    expect(t.document.querySelector('main')).toBeNull();
    expect(t.hidden()).toBe(1);
    arrive(KEY);
    await t.flush();
    expect(t.document.body.innerHTML).not.toContain(KEY.privateKey);

    // Shown, then ended: the key leaves with the screen.
    const shown = readyToReveal();
    shown.trustedClick(shown.button('Show private key')!);
    await shown.flush();
    const key = shown.byLabel('Private key') as HTMLTextAreaElement;
    shown.ended.abort();
    expect(shown.document.querySelector('main')).toBeNull();
    expect(key.value).toBe('');
    // `close` (an approval taking the frame) on an ended screen does nothing more.
    shown.screen.close();
    expect(shown.hidden()).toBe(1);
  });
});
