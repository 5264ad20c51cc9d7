import { RemoteIncompatibleError, sendAtom, type PorticoViewProps } from '@portico/shared-state';
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef } from 'react';
import { adoptStylesheet, definePorticoElement, type PorticoModalElement } from '../src/element';
import { stylesheetText } from '../src/ui/styles';
import { loadViewModule } from '../src/remote-loader';
import { App } from '../src/ui/App';
import { shellCore } from './helpers';

declare const __PORTICO_CONTRACT__: number;
declare const __PORTICO_UI_CONTRACT__: number;

/** What the stand-in remote container answers to loadRemote, per module; a function throws. */
const remoteModules = new Map<string, unknown>();
rs.mock('../src/federation', () => ({
  getFederation: () => ({
    registerRemotes: () => {},
    loadRemote: async (id: string) => {
      const answer = remoteModules.get(id);
      if (typeof answer === 'function' && !('porticoContract' in answer)) return (answer as () => unknown)();
      return answer;
    },
  }),
}));

afterEach(() => {
  cleanup();
  remoteModules.clear();
  document.body.replaceChildren();
});

/** The CSS text in force where the view renders, read before the browser paints it. */
const cssSeenByView: string[] = [];
const cssOf = (root: ShadowRoot) =>
  [...root.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n') +
  [...root.querySelectorAll('style')].map((style) => style.textContent).join('\n');
function StandInConnect() {
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    cssSeenByView.push(cssOf(ref.current!.getRootNode() as ShadowRoot));
  }, []);
  return <p ref={ref}>Stand-in Connect view</p>;
}
const viewModule = (contracts: Partial<{ porticoContract: unknown; porticoUiContract: unknown }> = {}) => ({
  default: StandInConnect,
  porticoContract: __PORTICO_CONTRACT__,
  porticoUiContract: __PORTICO_UI_CONTRACT__,
  ...contracts,
});

let deployment = 0;
/** Each test's connect remote at an address of its own: loaded modules are cached per address. */
async function renderInShadowRoot(options: Record<string, unknown> = {}) {
  definePorticoElement();
  const element = document.createElement('portico-modal') as PorticoModalElement;
  document.body.append(element);
  deployment += 1;
  const core = await shellCore({ remotes: { connect: `http://remote.test/outlet-${deployment}/remoteEntry.js` }, ...options });
  // As the dialog's chunk does when it mounts (ui/mount.ts).
  adoptStylesheet('shell', stylesheetText);
  render(<App core={core} host={element} />, { container: element.mountPoint });
  return { core, shadow: element.shadowRoot!, modal: within(element.mountPoint) };
}

describe('remote loader contracts', () => {
  it('accepts a view built against both contracts the shell runs', async () => {
    remoteModules.set('portico_connect/Connect', viewModule());
    const loaded = await loadViewModule('connect', './Connect', 'http://remote.test/a/remoteEntry.js');
    expect(loaded.default).toBe(StandInConnect);
  });

  it('refuses a view built against another UI kit contract, as for another shared-state contract', async () => {
    remoteModules.set('portico_connect/Connect', viewModule({ porticoUiContract: 999 }));
    const ui = await loadViewModule('connect', './Connect', 'http://remote.test/b/remoteEntry.js').catch((e: unknown) => e);
    expect(ui).toBeInstanceOf(RemoteIncompatibleError);
    expect((ui as RemoteIncompatibleError).shortMessage).toBe(
      'The connect feature could not be loaded: it is not compatible with this version of Portico.',
    );
    expect((ui as RemoteIncompatibleError).details).toContain('contract 999');

    remoteModules.set('portico_connect/Connect', viewModule({ porticoContract: 999 }));
    const state = await loadViewModule('connect', './Connect', 'http://remote.test/c/remoteEntry.js').catch((e: unknown) => e);
    expect((state as RemoteIncompatibleError).details).toContain('shared-state contract 999');
  });
});

describe('view outlet', () => {
  it('shows Loading…, then the view with the UI kit stylesheet already adopted next to the shell’s', async () => {
    remoteModules.set('portico_connect/Connect', viewModule());
    const { core, modal } = await renderInShadowRoot();
    act(() => core.modal.open());
    expect(within(modal.getByRole('dialog')).getByRole('status').textContent).toBe('Loading…');
    expect(await modal.findByText('Stand-in Connect view')).toBeTruthy();
    const css = cssSeenByView.at(-1)!;
    expect(css).toContain('.portico-dialog');
    expect(css).toContain('.portico-list-item');
    expect(css.indexOf('.portico-list-item')).toBeGreaterThan(css.indexOf('.portico-dialog'));
  });

  it('shows an incompatible view’s error with Retry, and Retry loads it again', async () => {
    remoteModules.set('portico_connect/Connect', viewModule({ porticoUiContract: 0 }));
    const { core, modal } = await renderInShadowRoot();
    act(() => core.modal.open());
    expect((await modal.findByRole('alert')).textContent).toContain('not compatible with this version of Portico');

    remoteModules.set('portico_connect/Connect', viewModule());
    fireEvent.click(modal.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(modal.getByText('Stand-in Connect view')).toBeTruthy());
    expect(modal.queryByRole('alert')).toBeNull();
  });

  it('says its errors and Retry in the modal’s locale (German): a remote that failed to load, a feature turned off', async () => {
    remoteModules.set('portico_connect/Connect', () => {
      throw new Error('remoteEntry.js: 503');
    });
    const { core, modal } = await renderInShadowRoot({ locale: 'de', features: { send: false } });
    act(() => core.modal.open());
    await waitFor(() => expect(modal.getByRole('alert').textContent).toBe('Die Funktion „connect“ konnte nicht geladen werden.'));
    expect(modal.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    act(() => core.router.push('WalletSend'));
    expect(modal.getByRole('alert').textContent).toBe('Die Funktion „send“ ist für diese Website deaktiviert.');
  });
});

/** Stand-in for the send remote: an amount input on `portico.send`, as WalletSend has it. */
function StandInSend({ portico }: PorticoViewProps) {
  const { sendTokenAmount } = useAtomValue(sendAtom);
  return (
    <label>
      Amount
      <input value={sendTokenAmount} onChange={(event) => portico.send.setAmount(event.target.value)} />
    </label>
  );
}

describe('a view with a form (send, swap, names)', () => {
  it('shows once its form has arrived too: what is typed shows in the same event', async () => {
    remoteModules.set('portico_send/WalletSend', { ...viewModule(), default: StandInSend });
    const { core, modal } = await renderInShadowRoot({ remotes: { connect: 'http://remote.test/unused/remoteEntry.js', send: 'http://remote.test/send/remoteEntry.js' } });
    expect(core.viewPrepared('WalletSend')).toBe(false);
    act(() => core.modal.open({ view: 'WalletSend' }));
    const amount = (await modal.findByRole('textbox', { name: 'Amount' })) as HTMLInputElement;
    expect(core.viewPrepared('WalletSend')).toBe(true);
    fireEvent.change(amount, { target: { value: '1.5' } });
    expect(amount.value).toBe('1.5');
    expect(core.store.get(sendAtom).sendTokenAmount).toBe('1.5');
  });
});

describe('REMOTE_LOAD_ERROR', () => {
  it('tells the host which feature failed and why (the error details), while the panel names only the feature', async () => {
    remoteModules.set('portico_connect/Connect', viewModule({ porticoContract: 999 }));
    const { core, modal } = await renderInShadowRoot();
    const heard: unknown[] = [];
    core.events.subscribe((event) => heard.push(event));
    act(() => core.modal.open({ view: 'Connect' }));
    expect((await modal.findByRole('alert')).textContent).toContain('The connect feature could not be loaded');
    const loadError = heard.find((event) => (event as { data?: { event?: string } }).data?.event === 'REMOTE_LOAD_ERROR') as
      | { data: { properties: { remote: string; details?: string } } }
      | undefined;
    expect(loadError?.data.properties).toMatchObject({ remote: 'connect', details: expect.stringContaining('contract 999') });
  });
});
