/**
 * The host's look on the frame's screens (src/page/host-look.ts) in happy-dom, through the real frame channel as
 * main.ts wires it: SYNC_THEME's mode and allow-listed variables become the page's own custom properties, a value
 * trying to inject CSS is refused, SYNC_DAPP_DATA's name and icon appear atop the approval screen (an icon only from
 * https, the embedding page's origin or a base64 image; otherwise a monogram), and a message from another origin or
 * window changes nothing.
 */
import { describe, expect, test } from '@rstest/core';
import {
  appEventName,
  createEnvelope,
  createMessageId,
  createParentChannel,
  type ListenTarget,
  type MessageEventLike,
  type RequestPayload,
} from '@portico/shared-state/embedded';
import { Window } from 'happy-dom';
import { createApprovalScreen } from '../src/page/approval-screen';
import type { ShownApproval } from '../src/page/approvals';
import { createHostLook, dappProjectMismatch } from '../src/page/host-look';

const PARENT = 'https://shop.example';
const PROJECT = 'demo';

function framedPage() {
  const window = new Window({ url: 'https://wallet.example/?projectId=demo&chainId=31337&version=4' });
  const document = window.document as unknown as Document;
  const root = document.documentElement;
  root.dataset.theme = 'light';
  const look = createHostLook({ root, parentOrigin: PARENT, projectId: PROJECT });
  const listeners = new Set<(event: MessageEventLike) => void>();
  const listenTarget: ListenTarget = {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const replies: { event: string; payload: unknown }[] = [];
  const parent = { postMessage: (message: { event: string; payload: unknown }) => void replies.push(message) };
  createParentChannel({ parentWindow: parent, parentOrigin: PARENT, allowedOrigins: [PARENT], listenTarget, handlers: { SYNC_THEME: look.applyTheme, SYNC_DAPP_DATA: look.setDapp } });
  /** Posts an event to the page as a window of `origin` would; resolves once it was answered (or ignored). */
  const post = async <K extends 'SYNC_THEME' | 'SYNC_DAPP_DATA'>(name: K, payload: RequestPayload<K>, from: { origin?: string; source?: object } = {}) => {
    const data = createEnvelope(createMessageId(), appEventName(name), payload);
    for (const listener of listeners) listener({ origin: from.origin ?? PARENT, source: from.source ?? parent, data } as MessageEventLike);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return replies.at(-1);
  };
  const screen = createApprovalScreen({
    document,
    now: () => 0,
    setTimer: () => () => {},
    userActive: () => true,
    onHeight: () => {},
    dapp: look.dapp,
  });
  const showApproval = () => {
    document.body.replaceChildren();
    const approval: ShownApproval = {
      screen: { method: 'personal_sign', heading: 'Sign message', requestedBy: PARENT, rows: [], message: 'hi' },
      signal: new AbortController().signal,
      approve: () => true,
      reject: () => {},
    };
    screen.show(approval);
    return document.querySelector('main')!;
  };
  const dapp = (icons: string[], name = 'Shop') => ({ projectId: PROJECT, sdkVersion: '1.7.4', metadata: { name, description: '', url: PARENT, icons } });
  return { root, post, replies, showApproval, dapp };
}

describe("the host's theme (SYNC_THEME)", () => {
  test('the mode, and the known variables as the page’s own properties; the next sync replaces them', async () => {
    const { root, post } = framedPage();
    await post('SYNC_THEME', {
      themeMode: 'dark',
      themeVariables: {
        '--portico-accent': '#3396ff',
        '--portico-font-family': "Inter, 'Helvetica Neue', sans-serif",
        '--portico-border-radius-master': '6px',
        '--portico-color-mix': 'rgb(0 128 255)',
        '--portico-color-mix-strength': 20,
        '--portico-z-index': 1000,
      },
    });
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--approval-accent')).toBe('#3396ff');
    expect(root.style.getPropertyValue('--approval-accent-fg')).toBe('#ffffff');
    expect(root.style.getPropertyValue('--approval-font-family')).toBe("Inter, 'Helvetica Neue', sans-serif");
    expect(root.style.getPropertyValue('--approval-radius-master')).toBe('6px');
    expect(root.style.getPropertyValue('--approval-color-mix-strength')).toBe('20');
    await post('SYNC_THEME', { themeMode: 'light' });
    expect(root.dataset.theme).toBe('light');
    expect(root.style.getPropertyValue('--approval-accent')).toBe('');
    expect(root.style.getPropertyValue('--approval-font-family')).toBe('');
  });

  test('a value trying to inject CSS, or an unknown variable, is refused: the error reply, nothing applied', async () => {
    const { root, post } = framedPage();
    const attacks: Record<string, string>[] = [
      { '--portico-accent': 'red;background:url(https://evil.example/x)' },
      { '--portico-accent': 'red}html{background:red' },
      { '--portico-font-family': 'x;}body{display:none' },
      { '--portico-font-family': 'Inter/*' },
      { '--portico-border-radius-master': 'expression(alert(1))' },
      { '--portico-color-mix': 'url(javascript:alert(1))' },
      { '--portico-accent': '#f00\\;' },
      { '--portico-evil': 'red' },
    ];
    for (const themeVariables of attacks) {
      const reply = await post('SYNC_THEME', { themeMode: 'dark', themeVariables });
      expect(reply?.event).toBe('@portico-frame/SYNC_THEME_ERROR');
    }
    expect(root.dataset.theme).toBe('light');
    expect(root.getAttribute('style') ?? '').toBe('');
  });

  test('a message from another origin, or from a window that is not the parent, is ignored', async () => {
    const { root, post, replies } = framedPage();
    await post('SYNC_THEME', { themeMode: 'dark', themeVariables: { '--portico-accent': '#000' } }, { origin: 'https://evil.example' });
    await post('SYNC_THEME', { themeMode: 'dark' }, { source: {} });
    await post('SYNC_DAPP_DATA', { projectId: PROJECT, sdkVersion: '1', metadata: { name: 'Evil', description: '', url: 'https://evil.example', icons: [] } }, { origin: 'https://evil.example' });
    expect(root.dataset.theme).toBe('light');
    expect(root.getAttribute('style') ?? '').toBe('');
    expect(replies.filter((reply) => !reply.event.endsWith('READY'))).toEqual([]);
  });
});

describe("the dapp's name and icon (SYNC_DAPP_DATA)", () => {
  test('none synced: the screen names only the origin', () => {
    const { showApproval } = framedPage();
    const main = showApproval();
    expect(main.querySelector('img')).toBeNull();
    expect([...main.querySelectorAll('p')].map((p) => p.textContent)).not.toContain('Shop');
  });

  test('the name atop the screen, with an https icon, one on the page’s own origin, or a base64 image', async () => {
    const { post, showApproval, dapp } = framedPage();
    for (const icon of ['https://cdn.example/shop.png', `${PARENT}/icon.png`, 'data:image/png;base64,iVBORw0KGgo=']) {
      expect((await post('SYNC_DAPP_DATA', dapp([icon])))?.event).toBe('@portico-frame/SYNC_DAPP_DATA_SUCCESS');
      const main = showApproval();
      expect(main.querySelector('img')?.getAttribute('src')).toBe(icon);
      expect(main.querySelector('img')?.getAttribute('alt')).toBe('');
      expect([...main.querySelectorAll('p')].map((p) => p.textContent)).toContain('Shop');
    }
  });

  test('a javascript:, http: (elsewhere) or svg icon is not shown: a monogram of the name instead; the name is text', async () => {
    const { post, showApproval, dapp } = framedPage();
    await post('SYNC_DAPP_DATA', dapp(['javascript:alert(1)', 'http://cdn.example/shop.png', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html,<b>x</b>'], '<img src=x onerror=alert(1)> shop'));
    const main = showApproval();
    expect(main.querySelector('img')).toBeNull();
    const monogram = main.querySelector('[aria-hidden="true"]');
    expect(monogram?.textContent).toBe('I');
    expect([...main.querySelectorAll('p')].map((p) => p.textContent)).toContain('<img src=x onerror=alert(1)> shop');
  });

  test("another project's dapp data is refused", async () => {
    const { post } = framedPage();
    const reply = await post('SYNC_DAPP_DATA', { projectId: 'other', sdkVersion: '1.7.4' });
    expect(reply).toMatchObject({ event: '@portico-frame/SYNC_DAPP_DATA_ERROR', payload: { message: dappProjectMismatch('other') } });
  });
});
