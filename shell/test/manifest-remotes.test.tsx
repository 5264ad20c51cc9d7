import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { definePorticoElement, type PorticoModalElement } from '../src/element';
import { remoteEntry } from '../src/remote-entries';
import { App } from '../src/ui/App';
import { shellCore } from './helpers';

declare const __PORTICO_CONTRACT__: number;
declare const __PORTICO_UI_CONTRACT__: number;

/** The entries the stand-in MF runtime was told to load, per remote. */
const registered: Array<{ name: string; entry: string }> = [];
rs.mock('../src/federation', () => ({
  getFederation: () => ({
    registerRemotes: (remotes: Array<{ name: string; entry: string }>) => registered.push(...remotes),
    loadRemote: async () => ({
      default: () => <p>Stand-in Connect view</p>,
      porticoContract: __PORTICO_CONTRACT__,
      porticoUiContract: __PORTICO_UI_CONTRACT__,
    }),
  }),
}));

const HASH = `sha384-${'A'.repeat(64)}`;
const manifest = (connectVersion: string) => ({
  version: 1,
  shell: { version: '1.4.0', entry: 'shell/1.4.0/portico.js', integrity: HASH, federation: { entry: 'shell/1.4.0/mf/remoteEntry.js', integrity: HASH } },
  remotes: {
    connect: { version: connectVersion, entry: `connect/${connectVersion}/remoteEntry.js`, integrity: HASH },
    account: { version: '1.4.0', entry: 'account/1.4.0/remoteEntry.js', integrity: HASH },
  },
});

const realFetch = globalThis.fetch;
/** The CDN: answers each manifest request with the next of `answers` (the last one repeats); counts the requests. */
function cdnAnswering(...answers: Array<[number, unknown]>) {
  const asked: string[] = [];
  globalThis.fetch = (async (url: URL | string) => {
    asked.push(String(url));
    const [status, body] = answers[Math.min(asked.length, answers.length) - 1]!;
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return asked;
}

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  registered.length = 0;
  document.body.replaceChildren();
});

let cdn = 0;
/** Each test its own manifest URL: a manifest is read once per page. */
const manifestUrl = () => `https://cdn.test/portico-${(cdn += 1)}/manifest.json`;

async function renderModal(options: Record<string, unknown>) {
  definePorticoElement();
  const element = document.createElement('portico-modal') as PorticoModalElement;
  document.body.append(element);
  const core = await shellCore({ remotes: {}, ...options });
  render(<App core={core} host={element} />, { container: element.mountPoint });
  return { core, modal: within(element.mountPoint) };
}

describe('remotes from the CDN manifest', () => {
  it('names the release the manifest names, read once per page; a remote the host pins keeps the host’s address', async () => {
    const url = manifestUrl();
    const asked = cdnAnswering([200, manifest('1.4.1')]);
    const pinned = 'https://cdn.test/account/1.3.0/remoteEntry.js';
    const options = { manifestUrl: url, remotes: { account: pinned } };
    expect(await remoteEntry(options, 'connect')).toBe(url.replace('manifest.json', 'connect/1.4.1/remoteEntry.js'));
    expect(await remoteEntry(options, 'account')).toBe(pinned);
    expect(await remoteEntry(options, 'send')).toBeUndefined();
    expect(asked).toEqual([url]);
  });

  it('loads the view from the manifest’s release', async () => {
    const url = manifestUrl();
    cdnAnswering([200, manifest('1.4.1')]);
    const { core, modal } = await renderModal({ manifestUrl: url });
    act(() => core.modal.open());
    expect(await modal.findByText('Stand-in Connect view')).toBeTruthy();
    expect(registered).toEqual([{ name: 'portico_connect', entry: url.replace('manifest.json', 'connect/1.4.1/remoteEntry.js') }]);
  });

  it('a manifest that cannot be read: the feature could not be loaded, and Retry reads it again', async () => {
    const url = manifestUrl();
    const asked = cdnAnswering([503, {}], [200, manifest('1.4.2')]);
    const { core, modal } = await renderModal({ manifestUrl: url });
    act(() => core.modal.open());
    expect((await modal.findByRole('alert')).textContent).toBe('The connect feature could not be loaded.');
    fireEvent.click(modal.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(modal.getByText('Stand-in Connect view')).toBeTruthy());
    expect(asked).toEqual([url, url]);
    expect(registered.at(-1)?.entry).toContain('/connect/1.4.2/remoteEntry.js');
  });

  it('a manifest that names no release of the remote says it has no address', async () => {
    const url = manifestUrl();
    const { remotes, ...rest } = manifest('1.4.1');
    cdnAnswering([200, { ...rest, remotes: { account: remotes.account } }]);
    const { core, modal } = await renderModal({ manifestUrl: url });
    act(() => core.modal.open());
    expect((await modal.findByRole('alert')).textContent).toContain('The connect feature has no address.');
  });
});
