import { EventEmitter } from 'node:events';
import { ACCOUNT, FakeAdapter, RECEIVER, anvil, eventually, minimalOptions, polkadot, solanaLocalnet, walletConnectConnector } from '@portico/test-kit';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { createWalletConnectOnlyAdapter, MAX_SIGNATURE_CHARS } from '../src/adapters/walletconnect/adapter';
import { accountsAtom, createMemoryStorage, createPorticoCore, toastAtom, type PorticoCore } from '../src/index';
import { UserRejectedRequestError } from '../src/errors';
import { toCaipNetwork, type NetworkInput } from '../src/network';
import { MAX_SESSION_ACCOUNTS, proposalNamespaces, sessionAccounts, sessionConnection } from '../src/walletconnect/namespaces';
import { createUniversalSource } from '../src/walletconnect/universal';

const POLKADOT_REFERENCE = polkadot.id;
const cosmos: NetworkInput = {
  id: 'cosmoshub-4',
  name: 'Cosmos Hub',
  chainNamespace: 'cosmos',
  caipNetworkId: 'cosmos:cosmoshub-4',
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/cosmos'] } },
};
const networks = [anvil, solanaLocalnet, polkadot, cosmos].map((network) => toCaipNetwork(network as NetworkInput));
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const POLKADOT_ADDRESS = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5';
const COSMOS_ADDRESS = 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02';
const solanaChain = `solana:${solanaLocalnet.id}`;

/** The session a wallet grants: eip155, solana, polkadot and cosmos accounts on the configured chains. */
const grantedNamespaces = () => ({
  eip155: { accounts: [`eip155:31337:${ACCOUNT}`] },
  solana: { accounts: [`${solanaChain}:${SOLANA_ADDRESS}`] },
  polkadot: { accounts: [`polkadot:${POLKADOT_REFERENCE}:${POLKADOT_ADDRESS}`] },
  cosmos: { accounts: [`cosmos:cosmoshub-4:${COSMOS_ADDRESS}`] },
});

/** A UniversalProvider stand-in: `connect` approves `granted`; `request` records and answers from `answers` (a function may throw). */
class FakeUniversalProvider extends EventEmitter {
  static last: FakeUniversalProvider;
  granted: Record<string, { accounts: string[] }> = grantedNamespaces();
  session: { namespaces: Record<string, { accounts: string[] }> } | undefined;
  connectCalls: Array<{ optionalNamespaces: Record<string, unknown> }> = [];
  requests: Array<{ method: string; params: unknown; chain: string }> = [];
  answers: Record<string, unknown> = {};
  client = { core: { verify: { register: async () => 'hosted' }, relayer: new EventEmitter() } };
  async connect(params: { optionalNamespaces: Record<string, unknown> }) {
    this.connectCalls.push(params);
    this.session = { namespaces: this.granted };
    this.emit('display_uri', 'wc:pairing@2');
  }
  async request({ method, params }: { method: string; params: unknown }, chain: string) {
    this.requests.push({ method, params, chain });
    const answer = this.answers[method];
    return typeof answer === 'function' ? answer() : answer;
  }
  async disconnect() {
    this.session = undefined;
  }
}
rs.mock('@walletconnect/universal-provider', () => ({ default: { init: async () => (FakeUniversalProvider.last = new FakeUniversalProvider()) } }));

async function walletConnectSource() {
  const source = await createUniversalSource({
    projectId: 'p',
    relayUrl: 'ws://relay.test',
    metadata: { name: 'App', description: '', url: 'https://dapp.example', icons: [] },
    networks,
    verify: false,
    telemetry: false,
  });
  return { source: { ...source, preload: () => undefined }, provider: FakeUniversalProvider.last };
}

describe('WalletConnect proposal: every configured namespace (issue 13)', () => {
  it('proposes eip155, solana, polkadot and cosmos with their methods, chains and rpcMap; nothing for unconfigured namespaces', () => {
    const proposal = proposalNamespaces(networks);
    expect(Object.keys(proposal)).toEqual(['eip155', 'solana', 'polkadot', 'cosmos']);
    expect(proposal.eip155).toMatchObject({ chains: ['eip155:31337'], rpcMap: { 31337: anvil.rpcUrls.default.http[0] } });
    expect(proposal.eip155!.methods).toContain('personal_sign');
    expect(proposal.solana).toEqual({
      chains: [solanaChain],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions'],
      events: ['accountsChanged', 'chainChanged'],
      rpcMap: { [solanaLocalnet.id]: solanaLocalnet.rpcUrls.default.http[0] },
    });
    expect(proposal.polkadot).toMatchObject({ chains: [`polkadot:${POLKADOT_REFERENCE}`], methods: ['polkadot_signMessage', 'polkadot_signTransaction'] });
    expect(proposal.cosmos).toMatchObject({ chains: ['cosmos:cosmoshub-4'], methods: ['cosmos_getAccounts', 'cosmos_signAmino', 'cosmos_signDirect'] });
    const bitcoin = toCaipNetwork({ ...polkadot, id: '000000000019d6689c085ae165831e93', chainNamespace: 'bip122', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' });
    expect(proposalNamespaces([bitcoin]).bip122!.methods).toEqual(['signMessage', 'sendTransfer', 'getAccountAddresses']);
  });
});

describe('WalletConnect session → accounts per namespace', () => {
  it('one account per granted namespace, on its chain', () => {
    expect(sessionAccounts(grantedNamespaces(), networks)).toEqual({
      eip155: { address: ACCOUNT, chainReference: '31337' },
      solana: { address: SOLANA_ADDRESS, chainReference: solanaLocalnet.id },
      polkadot: { address: POLKADOT_ADDRESS, chainReference: POLKADOT_REFERENCE },
      cosmos: { address: COSMOS_ADDRESS, chainReference: 'cosmoshub-4' },
    });
  });

  it('drops what is not CAIP-10 or not an address of its namespace; prefers a configured chain; lists every address of that chain once', () => {
    const accounts = sessionAccounts(
      {
        eip155: { accounts: ['eip155:1:0x' + '1'.repeat(40), `eip155:31337:${ACCOUNT}`, `eip155:31337:${RECEIVER}`, `eip155:31337:${ACCOUNT}`, 'eip155:31337', 'eip155:31337:nothex'] },
        unknown: { accounts: ['tron:0x1:abc'] },
        cosmos: { accounts: [''] },
      },
      networks,
    );
    expect(accounts).toEqual({ eip155: { address: ACCOUNT, chainReference: '31337', addresses: [ACCOUNT, RECEIVER] } });
    expect(sessionAccounts('not namespaces', networks)).toEqual({});
    expect(sessionAccounts({ eip155: { accounts: 'x' } }, networks)).toEqual({});
  });

  it(`takes at most ${MAX_SESSION_ACCOUNTS} addresses of a namespace`, () => {
    const many = Array.from({ length: MAX_SESSION_ACCOUNTS + 4 }, (_, index) => `eip155:31337:0x${(index + 1).toString(16).padStart(40, '0')}`);
    expect(sessionAccounts({ eip155: { accounts: many } }, networks).eip155!.addresses).toHaveLength(MAX_SESSION_ACCOUNTS);
  });

  it('one connection: eip155 first, carrying the others; without eip155 the first granted namespace leads', () => {
    const connection = sessionConnection(sessionAccounts(grantedNamespaces(), networks))!;
    expect(connection).toMatchObject({ namespace: 'eip155', address: ACCOUNT });
    expect(Object.keys(connection.otherNamespaces!)).toEqual(['solana', 'polkadot', 'cosmos']);
    const { eip155: _, ...withoutEvm } = grantedNamespaces();
    expect(sessionConnection(sessionAccounts(withoutEvm, networks))).toMatchObject({ namespace: 'solana', address: SOLANA_ADDRESS });
    expect(sessionConnection({})).toBeUndefined();
  });
});

describe('the WalletConnect-only adapter (polkadot, cosmos)', () => {
  it('connects from the session, signs with polkadot_signMessage on the session chain, and has no balance or send', async () => {
    const { source, provider } = await walletConnectSource();
    const adapter = createWalletConnectOnlyAdapter('polkadot', { source, onUri: () => undefined });
    const connected = await adapter.connect('walletConnect');
    expect(connected.otherNamespaces?.polkadot).toEqual({ address: POLKADOT_ADDRESS, chainReference: POLKADOT_REFERENCE });
    expect(provider.connectCalls[0]!.optionalNamespaces).toHaveProperty('polkadot');

    provider.answers.polkadot_signMessage = { signature: '0x' + 'ab'.repeat(64) };
    expect(await adapter.signMessage('walletConnect', POLKADOT_ADDRESS, 'Hello')).toBe('0x' + 'ab'.repeat(64));
    expect(provider.requests).toEqual([
      { method: 'polkadot_signMessage', params: { address: POLKADOT_ADDRESS, message: 'Hello' }, chain: `polkadot:${POLKADOT_REFERENCE}` },
    ]);
    expect(adapter.getProvider('walletConnect')).toBe(provider);
    await expect(adapter.getNativeBalance(POLKADOT_ADDRESS, networks[2]!)).resolves.toBeUndefined();
    await expect(adapter.sendTransfer('walletConnect', { from: POLKADOT_ADDRESS, to: POLKADOT_ADDRESS, amount: '1', decimals: 10 }, networks[2]!)).rejects.toThrow(
      'Sending is not supported on polkadot networks.',
    );
    await expect(adapter.normalizeAddress('')).rejects.toThrow('Invalid address');
    expect(await adapter.normalizeAddress(POLKADOT_ADDRESS)).toBe(POLKADOT_ADDRESS);
  });

  it('a session_update reports the namespace\'s new grant with its chain, so new addresses never pair with the old chain', async () => {
    const { source, provider } = await walletConnectSource();
    const adapter = createWalletConnectOnlyAdapter('polkadot', { source, onUri: () => undefined });
    await adapter.connect('walletConnect');
    const reports: unknown[][] = [];
    adapter.watchWallet('walletConnect', { accountsChanged: (...report) => void reports.push(report), chainChanged: () => undefined, disconnect: () => undefined });
    const KUSAMA = 'b0a8d493285c2df73290dfb7e61f870f';
    provider.session = { namespaces: { ...grantedNamespaces(), polkadot: { accounts: [`polkadot:${KUSAMA}:${POLKADOT_ADDRESS}`] } } };
    provider.emit('session_update');
    expect(reports).toEqual([[[POLKADOT_ADDRESS], undefined, KUSAMA]]);
  });

  it('cosmos signs the ADR-036 amino doc of the message; a decline (5000) is UserRejectedRequestError; an oversized signature is refused', async () => {
    const { source, provider } = await walletConnectSource();
    const adapter = createWalletConnectOnlyAdapter('cosmos', { source, onUri: () => undefined });
    expect(await adapter.reconnect('walletConnect')).toBeUndefined();
    await adapter.connect('walletConnect');
    provider.answers.cosmos_signAmino = { signature: { signature: 'c2ln', pub_key: { type: 'tendermint/PubKeySecp256k1', value: 'a2V5' } }, signed: {} };
    expect(await adapter.signMessage('walletConnect', COSMOS_ADDRESS, 'Hi')).toBe('c2ln');
    expect(provider.requests[0]).toEqual({
      method: 'cosmos_signAmino',
      chain: 'cosmos:cosmoshub-4',
      params: {
        signerAddress: COSMOS_ADDRESS,
        signDoc: {
          chain_id: '',
          account_number: '0',
          sequence: '0',
          fee: { gas: '0', amount: [] },
          msgs: [{ type: 'sign/MsgSignData', value: { signer: COSMOS_ADDRESS, data: 'SGk=' } }],
          memo: '',
        },
      },
    });
    provider.answers.cosmos_signAmino = { signature: { signature: 'a'.repeat(MAX_SIGNATURE_CHARS + 1) } };
    await expect(adapter.signMessage('walletConnect', COSMOS_ADDRESS, 'Hi')).rejects.toThrow();
    provider.answers.cosmos_signAmino = () => {
      throw Object.assign(new Error('User rejected.'), { code: 5000 });
    };
    await expect(adapter.signMessage('walletConnect', COSMOS_ADDRESS, 'Hi')).rejects.toBeInstanceOf(UserRejectedRequestError);
    await expect(adapter.connect('io.fake')).rejects.toThrow();
  });
});

describe('connection: one WalletConnect session connects every namespace it grants', () => {
  const cores: PorticoCore[] = [];
  afterEach(() => {
    for (const core of cores.splice(0)) core.connection.stop();
  });

  async function core() {
    const { source } = await walletConnectSource();
    const access = { source, onUri: () => undefined };
    const eip155 = new FakeAdapter({ connectors: [walletConnectConnector] });
    const instance = createPorticoCore(minimalOptions({ networks: [anvil, polkadot, cosmos] }), {
      storage: createMemoryStorage(),
      eventTarget: new EventTarget(),
      isMobile: false,
      adapters: { eip155, polkadot: createWalletConnectOnlyAdapter('polkadot', access), cosmos: createWalletConnectOnlyAdapter('cosmos', access) },
    });
    cores.push(instance);
    await instance.connection.start();
    return { core: instance, eip155, source };
  }

  it('applies each namespace with the WalletConnect connector, no balance and no error outside eip155; disconnecting one ends them all', async () => {
    const { core: instance, eip155, source } = await core();
    const connecting = instance.connection.connect('walletConnect');
    await eventually(() => expect(eip155.pendingConnects).toHaveLength(1));
    const { otherNamespaces } = sessionConnection(sessionAccounts(grantedNamespaces(), networks))!;
    eip155.approveConnect({ address: ACCOUNT, chainReference: '31337', otherNamespaces });
    expect(await connecting).toBe(true);
    await source.connect(() => undefined); // the session the FakeAdapter stood for

    const accounts = instance.store.get(accountsAtom);
    expect(accounts.eip155).toMatchObject({ status: 'connected', connectorId: 'walletConnect', address: ACCOUNT });
    expect(accounts.polkadot).toMatchObject({
      status: 'connected',
      connectorId: 'walletConnect',
      caipAddress: `polkadot:${POLKADOT_REFERENCE}:${POLKADOT_ADDRESS}`,
      allAccounts: [{ namespace: 'polkadot', address: POLKADOT_ADDRESS, type: 'eoa' }],
    });
    expect(accounts.cosmos).toMatchObject({ status: 'connected', address: COSMOS_ADDRESS });
    // Solana is not configured on this page: its grant is not applied.
    expect(accounts.solana).toBeUndefined();
    // The namespace that was active stays active.
    expect(instance.connection.getProvider()).toBeUndefined();
    await instance.connection.refreshBalance('polkadot', { force: true });
    expect(instance.store.get(accountsAtom).polkadot).toMatchObject({ balanceLoading: false });
    expect(instance.store.get(accountsAtom).polkadot?.balance).toBeUndefined();
    expect(instance.store.get(toastAtom).open).toBe(false);
    expect(instance.storage.get('connectedConnectorIds')).toEqual({ eip155: 'walletConnect', polkadot: 'walletConnect', cosmos: 'walletConnect' });

    await instance.connection.disconnect('polkadot');
    const after = instance.store.get(accountsAtom);
    expect([after.eip155?.status, after.polkadot?.status, after.cosmos?.status]).toEqual(['disconnected', 'disconnected', 'disconnected']);
    expect(instance.storage.get('connectedConnectorIds')).toEqual({});
  });

  it('a reload restores every namespace of the live session with no prompt', async () => {
    const { source } = await walletConnectSource();
    await source.connect(() => undefined);
    const access = { source, onUri: () => undefined };
    const storage = createMemoryStorage();
    const instance = createPorticoCore(minimalOptions({ networks: [anvil, polkadot, cosmos] }), {
      storage,
      eventTarget: new EventTarget(),
      isMobile: false,
      adapters: { eip155: new FakeAdapter(), polkadot: createWalletConnectOnlyAdapter('polkadot', access), cosmos: createWalletConnectOnlyAdapter('cosmos', access) },
    });
    cores.push(instance);
    instance.storage.set('connectedConnectorIds', { polkadot: 'walletConnect', cosmos: 'walletConnect' });
    await instance.connection.start();
    expect(instance.store.get(accountsAtom).polkadot).toMatchObject({ status: 'connected', address: POLKADOT_ADDRESS });
    expect(instance.store.get(accountsAtom).cosmos).toMatchObject({ status: 'connected', address: COSMOS_ADDRESS });
    expect(FakeUniversalProvider.last.connectCalls).toHaveLength(1);
  });
});
