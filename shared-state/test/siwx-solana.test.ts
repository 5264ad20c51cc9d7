import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { address, generateKeyPairSigner, getBase58Decoder, getBase58Encoder, getPublicKeyFromAddress, signBytes, verifySignature } from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import fc from 'fast-check';
import { minimalOptions, registerSolanaWallet, SolanaTestWallet, solanaLocalnet, solanaRpcStub, type SolanaRpcStub } from '@portico/test-kit';
import { createSolanaAdapter, SIGNED_OTHER_SIGN_IN } from '../src/adapters/solana/adapter';
import { createMemoryStorage, createPorticoCore } from '../src/index';
import { createDefaultSiwx, createSiwxMessenger, formatSignInText, formatSiwxMessage, parseSignInText, parseSiwxMessage, solanaSignInInput, type SIWXMessage, type SolanaSignInInput } from '../src/siwx';

// Wallet Standard discovery (`@wallet-standard/app`) talks to the page's global window.
const page = new EventTarget();
(globalThis as { window?: unknown }).window = page;

const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const NOW = Date.parse('2026-11-24T09:00:00.000Z');

const data: SIWXMessage.Data = {
  domain: 'dapp.example',
  accountAddress: ADDRESS,
  statement: 'Sign in to Example',
  uri: 'https://dapp.example/login',
  version: '1',
  chainId: SOLANA_MAINNET,
  nonce: 'abcdef0123456789',
  issuedAt: '2026-11-24T09:00:00.000Z',
  expirationTime: '2026-11-24T10:00:00.000Z',
  notBefore: '2026-11-24T09:00:00.000Z',
  requestId: 'req-7',
  resources: ['https://dapp.example/terms', 'ipfs://bafy'],
};

/** The Wallet Standard's text, written here from the ABNF on its own (as `createSignInMessageText` does), to hold ours to it. */
function standardText(input: SolanaSignInInput & { address: string; domain: string }): string {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`;
  if (input.statement) text += `\n\n${input.statement}`;
  const fields: string[] = [];
  if (input.uri) fields.push(`URI: ${input.uri}`);
  if (input.version) fields.push(`Version: ${input.version}`);
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`);
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`);
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`);
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`);
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`);
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`);
  if (input.resources) fields.push('Resources:', ...input.resources.map((resource) => `- ${resource}`));
  if (fields.length) text += `\n\n${fields.join('\n')}`;
  return text;
}

describe('Sign-In With Solana messages', () => {
  it('writes the standard text with the CAIP-2 chain id, and reads it back', () => {
    const text = formatSiwxMessage(data);
    expect(text).toBe(
      [
        'dapp.example wants you to sign in with your Solana account:',
        ADDRESS,
        '',
        'Sign in to Example',
        '',
        'URI: https://dapp.example/login',
        'Version: 1',
        `Chain ID: ${SOLANA_MAINNET}`,
        'Nonce: abcdef0123456789',
        'Issued At: 2026-11-24T09:00:00.000Z',
        'Expiration Time: 2026-11-24T10:00:00.000Z',
        'Not Before: 2026-11-24T09:00:00.000Z',
        'Request ID: req-7',
        'Resources:',
        '- https://dapp.example/terms',
        '- ipfs://bafy',
      ].join('\n'),
    );
    expect(text).toBe(standardText(solanaSignInInput(data) as SolanaSignInInput & { address: string; domain: string }));
    expect(parseSiwxMessage(text)).toEqual(data);
    expect(parseSignInText(text)?.namespace).toBe('solana');
  });

  it('a bitcoin account gets the same shape ("… your Bitcoin account")', () => {
    const bitcoin = { ...data, chainId: 'bip122:000000000019d6689c085ae165831e93' as const, accountAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
    const text = formatSiwxMessage(bitcoin);
    expect(text.split('\n')[0]).toBe('dapp.example wants you to sign in with your Bitcoin account:');
    expect(parseSignInText(text)).toEqual({ data: bitcoin, namespace: 'bip122' });
    // The header and the chain must agree: a Solana text cannot name a bitcoin network.
    expect(parseSiwxMessage(text.replace('Bitcoin account', 'Solana account'))).toBeUndefined();
  });

  it('only the standard form reads: a missing nonce, a line out of order or repeated, a chain of another namespace, trailing lines', () => {
    const text = formatSiwxMessage(data);
    expect(parseSiwxMessage(text.replace('Nonce: abcdef0123456789\n', ''))).toBeUndefined();
    expect(parseSiwxMessage(text.replace('Version: 1\n', '').replace('Nonce:', 'Version: 1\nNonce:'))).toBeUndefined();
    expect(parseSiwxMessage(text.replace('Version: 1', 'Version: 1\nVersion: 1'))).toBeUndefined();
    expect(parseSiwxMessage(text.replace(SOLANA_MAINNET, 'eip155:1'))).toBeUndefined();
    expect(parseSiwxMessage(`${text}\n\nP.S. and also this`)).toBeUndefined();
    expect(parseSiwxMessage(text.replace('Resources:\n- https://dapp.example/terms\n- ipfs://bafy', 'Resources:'))).toBeUndefined();
  });

  it('any message data round-trips through its text (fast-check)', () => {
    const line = fc.stringMatching(/^[\w .,:/@?=&!'-]{1,40}$/);
    const iso = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    const arbitrary = fc.record(
      {
        domain: fc.domain(),
        accountAddress: fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
        statement: line.filter((s) => !s.startsWith('URI: ')),
        uri: fc.webUrl(),
        version: fc.constant('1'),
        chainId: fc.constantFrom(SOLANA_MAINNET, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'bip122:000000000933ea01ad0ee984209779ba'),
        nonce: fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/),
        issuedAt: iso,
        expirationTime: iso,
        notBefore: iso,
        requestId: line,
        resources: fc.array(fc.webUrl(), { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: ['domain', 'accountAddress', 'uri', 'version', 'chainId', 'nonce'] },
    );
    fc.assert(
      fc.property(arbitrary, (generated) => {
        const message = generated as SIWXMessage.Data;
        expect(parseSiwxMessage(formatSiwxMessage(message))).toEqual(message);
      }),
    );
  });

  it('the messenger writes a Sign-In With Solana text for a Solana account', async () => {
    const createMessage = createSiwxMessenger({ uri: 'https://dapp.example', getNonce: async () => 'abcdefgh', now: () => NOW, expiresInMs: 60_000 });
    const message = await createMessage({ chainId: SOLANA_MAINNET, accountAddress: ADDRESS });
    expect(message.toString()).toBe(
      formatSignInText(
        {
          domain: 'dapp.example',
          accountAddress: ADDRESS,
          statement: 'Please sign with your account',
          uri: 'https://dapp.example',
          version: '1',
          chainId: SOLANA_MAINNET,
          nonce: 'abcdefgh',
          issuedAt: '2026-11-24T09:00:00.000Z',
          expirationTime: '2026-11-24T09:01:00.000Z',
        },
        'solana',
      ),
    );
  });
});

describe('default sign-in (sessions in the browser) with a Solana account', () => {
  async function signed(options: { now?: number; domain?: string } = {}) {
    const signer = await generateKeyPairSigner();
    const siwx = createDefaultSiwx({ storage: createMemoryStorage(), uri: 'https://dapp.example', now: () => options.now ?? Date.now() });
    const message = await createSiwxMessenger({ uri: `https://${options.domain ?? 'dapp.example'}`, getNonce: async () => 'abcdefgh', now: () => options.now ?? Date.now() })({
      chainId: SOLANA_MAINNET,
      accountAddress: signer.address,
    });
    const text = message.toString();
    const signature = getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(text)));
    return { siwx, signer, session: { data: message, message: text, signature } };
  }

  it('verifies the ed25519 signature and keeps the session for the account', async () => {
    const { siwx, signer, session } = await signed();
    await siwx.addSession(session);
    expect((await siwx.getSessions(SOLANA_MAINNET, signer.address)).map((kept) => kept.signature)).toEqual([session.signature]);
  });

  it('refuses another key’s signature, another site’s message and an expired one', async () => {
    const { siwx, session } = await signed();
    const other = await generateKeyPairSigner();
    const foreign = getBase58Decoder().decode(await signBytes(other.keyPair.privateKey, new TextEncoder().encode(session.message)));
    await expect(siwx.addSession({ ...session, signature: foreign })).rejects.toThrow('Invalid signature');
    const elsewhere = await signed({ domain: 'evil.example' });
    await expect(siwx.addSession(elsewhere.session)).rejects.toThrow('Message domain does not match this site');
    const old = await signed({ now: Date.now() - 2 * 24 * 3600_000 });
    await expect(siwx.addSession(old.session)).rejects.toThrow('Message expired');
  });
});

describe('solana adapter: a sign-in text is signed through solana:signIn when the wallet has it', () => {
  let rpc: SolanaRpcStub;
  const cleanups: Array<() => void> = [];
  beforeAll(async () => {
    rpc = await solanaRpcStub();
  });
  afterAll(() => rpc.close());
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  /**
   * The test wallet plus `solana:signIn`: it writes the standard text from the input (or, for a wallet that
   * does not follow it, `write`'s) and signs that; `signIns` records the inputs.
   */
  async function signInWallet(write: (input: SolanaSignInInput, account: WalletAccount) => string = (input, account) => standardText({ ...input, address: account.address, domain: input.domain! })) {
    const base = await SolanaTestWallet.create({ name: 'Sign-In Wallet' });
    const signIns: SolanaSignInInput[] = [];
    const signIn = async (...inputs: SolanaSignInInput[]) =>
      Promise.all(
        inputs.map(async (input) => {
          signIns.push(input);
          const account = base.accounts[0]!;
          const signedMessage = new TextEncoder().encode(write(input, account));
          return { account, signedMessage, signature: new Uint8Array(await signBytes(base.signers[0]!.keyPair.privateKey, signedMessage)), signatureType: 'ed25519' };
        }),
      );
    const wallet: Wallet = {
      version: base.version,
      name: base.name,
      icon: base.icon,
      get chains() {
        return base.chains;
      },
      get accounts() {
        return base.accounts;
      },
      features: { ...base.features, 'solana:signIn': { version: '1.0.0', signIn } },
    };
    cleanups.push(registerSolanaWallet(page, wallet));
    return { base, signIns };
  }

  async function connected(base: SolanaTestWallet) {
    const localnet = { ...solanaLocalnet, rpcUrls: { default: { http: [rpc.url] } } };
    const core = createPorticoCore(minimalOptions({ networks: [localnet] }), { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false });
    cleanups.push(() => core.connection.stop());
    const adapter = createSolanaAdapter(core.store);
    await adapter.connect(base.name);
    return adapter;
  }

  const verifies = async (signer: string, signature: string, text: string) =>
    verifySignature(await getPublicKeyFromAddress(address(signer)), new Uint8Array(getBase58Encoder().encode(signature)) as never, new TextEncoder().encode(text));

  it('the wallet gets the fields as solana:signIn input; the signature is over the same text', async () => {
    const { base, signIns } = await signInWallet();
    const adapter = await connected(base);
    const text = formatSiwxMessage({ ...data, accountAddress: base.address });
    const signature = await adapter.signMessage(base.name, base.address, text);
    expect(signIns).toEqual([solanaSignInInput({ ...data, accountAddress: base.address })]);
    expect(base.calls.map((call) => call.feature)).not.toContain('solana:signMessage');
    expect(await verifies(base.address, signature, text)).toBe(true);
  });

  it('a wallet that signs some other text is refused (the session must hold what was signed)', async () => {
    const { base } = await signInWallet((input, account) => standardText({ ...input, address: account.address, domain: 'evil.example' }));
    const adapter = await connected(base);
    await expect(adapter.signMessage(base.name, base.address, formatSiwxMessage({ ...data, accountAddress: base.address }))).rejects.toThrow(SIGNED_OTHER_SIGN_IN);
  });

  it('other texts, and wallets without solana:signIn, sign with solana:signMessage', async () => {
    const { base, signIns } = await signInWallet();
    const adapter = await connected(base);
    const signature = await adapter.signMessage(base.name, base.address, 'Revoke Portico session 1');
    expect(signIns).toEqual([]);
    expect(base.calls.at(-1)?.feature).toBe('solana:signMessage');
    expect(await verifies(base.address, signature, 'Revoke Portico session 1')).toBe(true);

    const plain = await SolanaTestWallet.create({ name: 'Plain Wallet' });
    cleanups.push(registerSolanaWallet(page, plain));
    const plainAdapter = await connected(plain);
    const text = formatSiwxMessage({ ...data, accountAddress: plain.address });
    const plainSignature = await plainAdapter.signMessage(plain.name, plain.address, text);
    expect(plain.calls.at(-1)?.feature).toBe('solana:signMessage');
    expect(await verifies(plain.address, plainSignature, text)).toBe(true);
  });
});
