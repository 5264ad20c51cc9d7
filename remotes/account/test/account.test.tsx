import { accountsAtom, activeAccountAtom, CONNECTOR_IDS, createMemoryStorage, routerAtom, type Connector } from '@portico/shared-state';
import {
  ACCOUNT as ADDRESS,
  EMBEDDED_TEST_ADDRESS,
  EMBEDDED_TEST_EMAIL,
  FARCASTER_TEST_USERNAME,
  RECEIVER as OTHER,
  SMART_ACCOUNT_SCRIPT,
  SMART_ACCOUNT_TEST_ADDRESS,
  SOCIAL_TEST_USERNAME,
  anvil,
  embeddedTestWallet,
  fakeWalletConnector,
  frameError,
  testCore,
} from '@portico/test-kit';
import { renderView } from '@portico/test-kit/react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@rstest/core';
import Account from '../src/views/Account';
import { anvilTwo, ethBalance, pusdBalance as usdcBalance, upstreamDown } from './account-api';
import { api, state } from './setup';

/** A real core connected to ADDRESS on Anvil Local (10,000 ETH), with the account API stub. */
async function connectedCore(options: Record<string, unknown> = {}) {
  const { core } = await testCore({ api, connect: true, adapter: { nativeBalance: '10000.0' }, options: { networks: [anvil, anvilTwo], ...options } });
  return core;
}
const requestsTo = (path: RegExp) => api.requestsTo(path);

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

describe('Account header', () => {
  it('shows identity, balance, network, explorer and actions; Receive opens WalletReceive', async () => {
    state.identity = { name: 'vitalik.test', avatar: 'https://api.test/avatar.png' };
    const core = await connectedCore();
    const { container } = renderView(Account, { core });
    await waitFor(() => expect(screen.getByText('vitalik.test')).toBeTruthy());
    expect(screen.getByText('0xf39F…2266')).toBeTruthy();
    const avatar = container.querySelector('img.portico-avatar')!;
    expect(avatar.getAttribute('src')).toBe('https://api.test/avatar.png');
    expect(avatar.getAttribute('alt')).toBe('');
    await waitFor(() => expect(screen.getByText('10,000 ETH')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Anvil Local ?, change network$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(
      `https://explorer.test/address/${ADDRESS}`,
    );
    // The wallet features in the spec's order (section 9): onramp, swaps, receive, send.
    const features = screen.getAllByRole('button', { name: /^(Buy|Swap|Receive|Send)$/ }).map((button) => button.textContent);
    expect(features).toEqual(['Buy', 'Swap', 'Receive', 'Send']);
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(core.store.get(routerAtom).view).toBe('WalletReceive');
    expect(api.requestsTo(`/v1/identity/${ADDRESS}`)).toHaveLength(1);
  });

  it('falls back to the shortened address and the gradient without identity; Send and Receive follow the features', async () => {
    const core = await connectedCore({ features: { send: false, receive: false } });
    const { container } = renderView(Account, { core });
    await waitFor(() => expect(screen.getByText('10,000 ETH')).toBeTruthy());
    expect(screen.getByText('0xf39F…2266')).toBeTruthy();
    expect(container.querySelector('img.portico-avatar')).toBeNull();
    expect(container.querySelector('span.portico-avatar')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
  });
});

/** The embedded wallet as the eip155 adapter lists it (the FakeAdapter connects any connector it lists). */
const emailConnector: Connector = { id: CONNECTOR_IDS.auth, name: 'Email', type: 'AUTH', chain: 'eip155', installed: true };

describe('Account of the embedded wallet', () => {
  it('shows the signed-in email, Edit email (→ UpdateEmail) and Sign out', async () => {
    const embedded = embeddedTestWallet();
    await embedded.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
    await embedded.wallet.login.submitCode('123456');
    const { core } = await testCore({
      api,
      embedded: embedded.handle,
      adapter: { connectors: [emailConnector, fakeWalletConnector] },
      connect: CONNECTOR_IDS.auth,
      options: { networks: [anvil, anvilTwo] },
      views: ['Account'],
    });
    renderView(Account, { core });
    expect(await screen.findByText(EMBEDDED_TEST_EMAIL)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit email' }));
    expect(core.store.get(routerAtom).view).toBe('UpdateEmail');
    // The AUTH connector signs out on disconnect: "Sign out" is the same action as Disconnect.
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(core.store.get(activeAccountAtom).status).toBe('disconnected'));
  });

  it('shows the social username and provider after a social login, Sign out and no Edit email', async () => {
    const embedded = embeddedTestWallet();
    embedded.wallet.social.start('github');
    embedded.popup().closeAsPerson();
    await waitFor(() => expect(embedded.wallet.social.getSnapshot().step).toBe('connected'));
    const { core } = await testCore({
      api,
      embedded: embedded.handle,
      adapter: { connectors: [emailConnector, fakeWalletConnector] },
      connect: CONNECTOR_IDS.auth,
      options: { networks: [anvil, anvilTwo] },
      views: ['Account'],
    });
    renderView(Account, { core });
    expect(await screen.findByText(SOCIAL_TEST_USERNAME)).toBeTruthy();
    expect(screen.getByText('Signed in with GitHub')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit email' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(core.store.get(activeAccountAtom).status).toBe('disconnected'));
  });

  it('shows the Farcaster username and "Signed in with Farcaster" after a Farcaster login', async () => {
    const embedded = embeddedTestWallet();
    embedded.wallet.farcaster.start();
    await waitFor(() => expect(embedded.wallet.farcaster.getSnapshot().step).toBe('connected'));
    const { core } = await testCore({
      api,
      embedded: embedded.handle,
      adapter: { connectors: [emailConnector, fakeWalletConnector] },
      connect: CONNECTOR_IDS.auth,
      options: { networks: [anvil, anvilTwo] },
      views: ['Account'],
    });
    renderView(Account, { core });
    expect(await screen.findByText(FARCASTER_TEST_USERNAME)).toBeTruthy();
    expect(screen.getByText('Signed in with Farcaster')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit email' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('Export private key only asks the secure site for its own screen (SHOW_EXPORT); a refusal shows in its words', async () => {
    const refusal = 'Add an email to this account to export its key';
    let refuse = false;
    const embedded = embeddedTestWallet({
      SHOW_EXPORT: () => {
        if (refuse) throw frameError(refusal);
        return {};
      },
    });
    await embedded.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
    await embedded.wallet.login.submitCode('123456');
    const { core } = await testCore({
      api,
      embedded: embedded.handle,
      adapter: { connectors: [emailConnector, fakeWalletConnector] },
      connect: CONNECTOR_IDS.auth,
      options: { networks: [anvil, anvilTwo] },
      views: ['Account'],
    });
    renderView(Account, { core });
    const exportKey = await screen.findByRole('button', { name: 'Export private key' });
    const answer = embedded.hold('SHOW_EXPORT');
    fireEvent.click(exportKey);
    await waitFor(() => expect(exportKey.getAttribute('aria-busy')).toBe('true'));
    expect((exportKey as HTMLButtonElement).disabled).toBe(true);
    act(() => answer.release());
    await waitFor(() => expect((exportKey as HTMLButtonElement).disabled).toBe(false));
    expect(embedded.requests.filter(({ name }) => name === 'SHOW_EXPORT').map(({ payload }) => payload)).toEqual([{}]);
    // The code, the confirmation and the key are the frame's: nothing of them in the modal.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    refuse = true;
    fireEvent.click(exportKey);
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  /** Logged in by code on a chain with smart accounts, connected through ID_AUTH with the EOA; the wallet's account events reach the connection. */
  async function smartAccountCore(script = {}) {
    const embedded = embeddedTestWallet({ ...SMART_ACCOUNT_SCRIPT, ...script });
    await embedded.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
    await embedded.wallet.login.submitCode('123456');
    const { core, adapter } = await testCore({
      api,
      embedded: embedded.handle,
      adapter: { connectors: [emailConnector, fakeWalletConnector], account: { address: EMBEDDED_TEST_ADDRESS, chainReference: '31337' } },
      connect: CONNECTOR_IDS.auth,
      options: { networks: [anvil, anvilTwo] },
      views: ['Account'],
    });
    embedded.wallet.provider.on('accountsChanged', (accounts) => adapter.walletEvents?.accountsChanged(accounts as string[]));
    return { core, embedded };
  }

  it('with a smart account: shows the type and switches (busy meanwhile); the address and the notice follow', async () => {
    const { core, embedded } = await smartAccountCore();
    renderView(Account, { core });
    expect(await screen.findByText('EOA')).toBeTruthy();
    expect(screen.getByText('0xa0Ee…9720')).toBeTruthy();
    const answer = embedded.hold('SET_PREFERRED_ACCOUNT');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to smart account' }));
    const busy = await screen.findByRole('button', { name: 'Switching…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    act(() => answer.release());
    expect(await screen.findByText('Smart account')).toBeTruthy();
    // Spec section 8's notice, announced as a status line.
    expect(screen.getAllByRole('status').map((line) => line.textContent)).toContain('This application might not support Smart Accounts');
    await waitFor(() => expect(screen.getByText('0x5ca1…4337')).toBeTruthy());
    expect(core.store.get(activeAccountAtom).address).toBe('0x5ca1ab1e00000000000000000000000000004337');
    expect(embedded.requests.filter(({ name }) => name === 'SET_PREFERRED_ACCOUNT').map(({ payload }) => payload)).toEqual([{ type: 'smartAccount' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to EOA' }));
    expect(await screen.findByText('EOA')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('0xa0Ee…9720')).toBeTruthy());
    expect(screen.queryByText('This application might not support Smart Accounts')).toBeNull();
  });

  it("an undeployed smart account says 'Deploys with your first transaction' until the wallet reads it deployed", async () => {
    const { core, embedded } = await smartAccountCore();
    renderView(Account, { core });
    expect(await screen.findByText('EOA')).toBeTruthy();
    expect(screen.queryByText('Deploys with your first transaction')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to smart account' }));
    expect(await screen.findByText('Deploys with your first transaction')).toBeTruthy();
    // INIT_SMART_ACCOUNT's answer after the first user operation.
    act(() => embedded.wallet.accountType.setDeployed({ address: SMART_ACCOUNT_TEST_ADDRESS, isDeployed: true }));
    expect(screen.queryByText('Deploys with your first transaction')).toBeNull();
    expect(screen.getByText('Smart account')).toBeTruthy();
  });

  it('a network without smart accounts offers no switch as soon as the wallet is on it', async () => {
    const { core, embedded } = await smartAccountCore();
    renderView(Account, { core });
    expect(await screen.findByRole('button', { name: 'Switch to smart account' })).toBeTruthy();
    act(() => {
      embedded.wallet.accountType.setSmartAccountNetworks([31337]);
      embedded.wallet.accountType.setChain(1);
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Switch to/ })).toBeNull());
    expect(screen.getByText(EMBEDDED_TEST_EMAIL)).toBeTruthy();
  });

  it("a refused switch keeps the EOA and says the secure site's message", async () => {
    const { core } = await smartAccountCore({
      SET_PREFERRED_ACCOUNT: () => {
        throw frameError('Smart accounts are not available on this network');
      },
    });
    renderView(Account, { core });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to smart account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Smart accounts are not available on this network');
    expect(screen.getByText('EOA')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to smart account' })).toBeTruthy();
    expect(core.store.get(activeAccountAtom).address).toBe(EMBEDDED_TEST_ADDRESS);
  });

  it('without a smart account (EOA only on this chain) offers no switch', async () => {
    const embedded = embeddedTestWallet();
    await embedded.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
    await embedded.wallet.login.submitCode('123456');
    const { core } = await testCore({
      api,
      embedded: embedded.handle,
      adapter: { connectors: [emailConnector, fakeWalletConnector] },
      connect: CONNECTOR_IDS.auth,
      options: { networks: [anvil, anvilTwo] },
      views: ['Account'],
    });
    renderView(Account, { core });
    expect(await screen.findByText(EMBEDDED_TEST_EMAIL)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Switch to/ })).toBeNull();
  });

  it("says which batches stopped short after a reload ('Batch stopped after 1 of 3 calls', 'Batch failed at call 2 of 3') until dismissed; nothing for a confirmed one", async () => {
    const storage = createMemoryStorage();
    const statuses: Record<string, { status: number; receipts: { status: string }[] }> = {
      stopped: { status: 600, receipts: [{ status: '0x1' }] },
      failed: { status: 600, receipts: [{ status: '0x1' }, { status: '0x0' }] },
      confirmed: { status: 200, receipts: [{ status: '0x1' }, { status: '0x1' }, { status: '0x1' }] },
    };
    let next = 0;
    const sentIds = ['stopped', 'failed', 'confirmed'];
    /** The secure site: wallet_sendCalls answers the next id; wallet_getCallsStatus the table (after the reload). */
    const script = {
      RPC_REQUEST: ({ method, params }: { method: string; params: string[] }) =>
        method === 'wallet_sendCalls'
          ? { result: { id: sentIds[next++] } }
          : { result: { version: '2.0.0', id: params[0], chainId: '0x7a69', atomic: false, ...statuses[params[0]!] } },
    };
    const before = embeddedTestWallet(script, storage);
    await before.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
    await before.wallet.login.submitCode('123456');
    const threeCalls = [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: OTHER }, { to: OTHER }, { to: OTHER }] }];
    for (let sent = 0; sent < sentIds.length; sent += 1) await before.wallet.provider.request({ method: 'wallet_sendCalls', params: threeCalls });

    // The page reloads: a new modal over the same storage.
    const embedded = embeddedTestWallet(script, storage);
    await embedded.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
    await embedded.wallet.login.submitCode('123456');
    const { core } = await testCore({
      api,
      embedded: embedded.handle,
      adapter: { connectors: [emailConnector, fakeWalletConnector] },
      connect: CONNECTOR_IDS.auth,
      options: { networks: [anvil, anvilTwo] },
      views: ['Account'],
    });
    renderView(Account, { core });
    const stopped = await screen.findByRole('status', { name: 'Batch stopped after 1 of 3 calls' });
    expect(within(stopped).getByText('2 calls were not sent and will not be sent on their own.')).toBeTruthy();
    const failed = screen.getByRole('status', { name: 'Batch failed at call 2 of 3' });
    expect(within(failed).getByText('Call 2 reverted on chain. 1 call after it was not sent.')).toBeTruthy();
    expect(screen.getAllByRole('status', { name: /^Batch / })).toEqual([failed, stopped]);
    expect(embedded.requests.filter(({ payload }) => (payload as { method?: string }).method === 'wallet_getCallsStatus')).toHaveLength(3);

    fireEvent.click(within(stopped).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'Batch stopped after 1 of 3 calls' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Batch failed at call 2 of 3' })).toBeTruthy();
    // Dismissed and confirmed batches are not asked about again.
    cleanup();
    renderView(Account, { core });
    expect(await screen.findByRole('status', { name: 'Batch failed at call 2 of 3' })).toBeTruthy();
    // The report shows what is known at once; asking the wallet again may land a moment later.
    await waitFor(() =>
      expect(embedded.requests.filter(({ payload }) => (payload as { method?: string }).method === 'wallet_getCallsStatus').map(({ payload }) => (payload as { params: string[] }).params)).toEqual([
        ['stopped'],
        ['failed'],
        ['confirmed'],
        ['failed'],
      ]),
    );
  });

  it('another wallet never loads the embedded wallet', async () => {
    let loads = 0;
    const embedded = embeddedTestWallet();
    const handle = { ...embedded.handle, load: () => (loads++, embedded.handle.load()) };
    const { core } = await testCore({ api, embedded: handle, connect: true, options: { networks: [anvil, anvilTwo] } });
    renderView(Account, { core });
    await screen.findByRole('button', { name: 'Disconnect' });
    expect(screen.queryByRole('button', { name: 'Edit email' })).toBeNull();
    expect(loads).toBe(0);
  });
});

describe('Account tabs', () => {
  it('is a tablist moved with the arrow keys, Home and End; the tab is kept in the account state', async () => {
    const core = await connectedCore();
    renderView(Account, { core });
    const tablist = screen.getByRole('tablist');
    expect(within(tablist).getAllByRole('tab').map((element) => element.textContent)).toEqual(['Tokens', 'NFTs', 'Activity']);
    expect(tab('Tokens').getAttribute('aria-selected')).toBe('true');
    expect(tab('Tokens').tabIndex).toBe(0);
    expect(tab('NFTs').tabIndex).toBe(-1);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Tokens').id);
    expect(tab('Tokens').getAttribute('aria-controls')).toBe(panel().id);

    tab('Tokens').focus();
    fireEvent.keyDown(tab('Tokens'), { key: 'ArrowRight' });
    expect(tab('NFTs').getAttribute('aria-selected')).toBe('true');
    expect(tab('Tokens').getAttribute('aria-selected')).toBe('false');
    expect(document.activeElement).toBe(tab('NFTs'));
    expect(screen.getByRole('tabpanel', { name: 'NFTs' })).toBeTruthy();
    expect(core.store.get(activeAccountAtom).currentTab).toBe('NFTs');

    fireEvent.keyDown(tab('NFTs'), { key: 'End' });
    expect(tab('Activity').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Activity'), { key: 'ArrowRight' });
    expect(tab('Tokens').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Tokens'), { key: 'ArrowLeft' });
    expect(tab('Activity').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Activity'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Tokens'));
    fireEvent.click(tab('Activity'));
    expect(screen.getByRole('tabpanel', { name: 'Activity' })).toBeTruthy();
  });

  it('opens on the tab kept in the account state, and hides Activity when history is off', async () => {
    const core = await connectedCore({ features: { history: false } });
    act(() => {
      const accounts = core.store.get(accountsAtom);
      core.store.set(accountsAtom, { ...accounts, eip155: { ...accounts.eip155!, currentTab: 'NFTs' } });
    });
    renderView(Account, { core });
    expect(tab('NFTs').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Activity' })).toBeNull();
  });
});

describe('Tokens', () => {
  it('shows a busy list with a loading status, then each balance item with icon, quantity and value', async () => {
    let open!: () => void;
    state.balanceGate = new Promise<void>((resolve) => (open = resolve));
    state.balances = [ethBalance, usdcBalance];
    const core = await connectedCore();
    renderView(Account, { core });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading tokens…'));
    // Skeleton rows hold the tokens' place, drawn but not read: the list is busy and has no items yet.
    const loading = screen.getByRole('list', { name: 'Tokens' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(within(loading).queryAllByRole('listitem')).toHaveLength(0);
    act(() => open());
    await waitFor(() => expect(screen.getByRole('list', { name: 'Tokens' }).getAttribute('aria-busy')).toBe('false'));
    const list = screen.getByRole('list', { name: 'Tokens' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Ether10,000ETH$30,000,000.00', 'PUPortico USD1,234.568PUSD$1,234.57']);
    const icon = rows[0]!.querySelector('img')!;
    expect(icon.getAttribute('src')).toBe(ethBalance.iconUrl);
    expect(icon.getAttribute('alt')).toBe('');
    // Initials stand in for a missing icon, hidden from screen readers.
    expect(rows[1]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('PU');
    // The header keeps the only "10,000 ETH" text (the e2e tests look it up by text).
    await waitFor(() => expect(screen.getAllByText('10,000 ETH')).toHaveLength(1));
    expect(requestsTo(/\/balance$/)[0]?.params.get('chainId')).toBe('eip155:31337');
  });

  it('says when there are no tokens, and when the site has no API', async () => {
    const core = await connectedCore();
    renderView(Account, { core });
    await waitFor(() => expect(panel().textContent).toBe('No tokens yet'));
    cleanup();

    const withoutApi = await connectedCore({ apiUrl: undefined });
    renderView(Account, { core: withoutApi });
    await waitFor(() => expect(panel().textContent).toBe('Token balances are unavailable for this site'));
  });
});

describe('NFTs', () => {
  it('shows a grid of lazy images with name and collection', async () => {
    state.nfts = [
      { contract: '0xabc', tokenId: '1', name: 'Portico Punk #1', collection: 'Portico Punks', imageUrl: 'http://api.test/nft/1.png' },
      { contract: '0xabc', tokenId: '2', name: null, collection: 'Portico Punks', imageUrl: 'http://api.test/nft/2.png' },
      { contract: '0xdef', tokenId: '9', name: 'Free money', collection: 'Spam', imageUrl: 'http://api.test/nft/9.png', isSpam: true },
    ];
    const core = await connectedCore();
    renderView(Account, { core });
    fireEvent.click(tab('NFTs'));
    const grid = await screen.findByRole('list', { name: 'NFTs' });
    const items = within(grid).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!).getByRole('img', { name: 'Portico Punk #1' });
    expect(first.getAttribute('src')).toBe('http://api.test/nft/1.png');
    expect(first.getAttribute('loading')).toBe('lazy');
    expect(items[0]!.textContent).toContain('Portico Punks');
    expect(within(items[1]!).getByRole('img', { name: 'Portico Punks #2' })).toBeTruthy();
  });

  it('says when there are none, and offers Retry after an error', async () => {
    const recover = api.override({ 'GET /v1/account/:address/nfts': upstreamDown });
    const core = await connectedCore();
    renderView(Account, { core });
    fireEvent.click(tab('NFTs'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load NFTs');
    recover();
    // The alert holds the error only; Retry is next to it (the kit's ErrorPanel).
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(panel().textContent).toBe('No NFTs yet'));
  });
});
