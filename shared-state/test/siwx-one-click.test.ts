import { describe, expect, it } from '@rstest/core';
import { ACCOUNT, CHAIN, FakeAdapter, fakeWalletConnector } from '@portico/test-kit';
import { createMemoryStorage } from '../src/storage';
import { createDefaultSiwx, formatSiwxMessage, type Cacao } from '../src/siwx';
import { cacaoSession, cacaoSigner, ONE_CLICK_PLACEHOLDER_ADDRESS, oneClickChains, oneClickRequest, pickCacao } from '../src/siwx/one-click';

const NOW = Date.parse('2026-11-24T09:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const SITE = { domain: 'dapp.example', uri: 'https://dapp.example' };
const SECOND_CHAIN = 'eip155:31338';
const METHODS = ['personal_sign', 'eth_sendTransaction'];

const siteSiwx = () =>
  createDefaultSiwx({ storage: createMemoryStorage(), ...SITE, expiresInMs: HOUR, now: () => NOW, resources: ['https://dapp.example/terms'] });

/** A CACAO as a wallet answers one: the request's fields, `iss` naming the signer. */
function cacaoFor(chainId: string, overrides: Partial<Cacao['p']> = {}, signature = '0xabcd'): Cacao {
  return {
    h: { t: 'caip122' },
    p: {
      domain: SITE.domain,
      aud: SITE.uri,
      nonce: 'n0nce1234',
      iss: `did:pkh:${chainId}:${ACCOUNT}`,
      version: '1',
      iat: new Date(NOW).toISOString(),
      exp: new Date(NOW + HOUR).toISOString(),
      statement: 'Please sign with your account',
      ...overrides,
    },
    s: { t: 'eip191', s: signature },
  };
}

describe('one-click auth: which pairings ask to sign in (spec section 7)', () => {
  it('only when every requested chain is eip155', () => {
    expect(oneClickChains([{ caipNetworkId: CHAIN }, { caipNetworkId: SECOND_CHAIN }])).toEqual([CHAIN, SECOND_CHAIN]);
    expect(oneClickChains([{ caipNetworkId: CHAIN }, { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }])).toBeUndefined();
    expect(oneClickChains([])).toBeUndefined();
  });
});

describe('one-click auth: the host message as the authenticate request', () => {
  it('carries the message’s nonce, domain, uri, times, version, statement and resources, the chains and methods', async () => {
    const message = await siteSiwx().createMessage({ chainId: CHAIN, accountAddress: ONE_CLICK_PLACEHOLDER_ADDRESS, notBefore: new Date(NOW).toISOString() });

    const request = oneClickRequest(message, [CHAIN, SECOND_CHAIN], METHODS);

    expect(request).toEqual({
      chains: [CHAIN, SECOND_CHAIN],
      chainId: CHAIN,
      methods: METHODS,
      domain: SITE.domain,
      uri: SITE.uri,
      nonce: message.nonce,
      version: '1',
      statement: 'Please sign with your account',
      iat: '2026-11-24T09:00:00.000Z',
      exp: '2026-11-24T10:00:00.000Z',
      nbf: '2026-11-24T09:00:00.000Z',
      resources: ['https://dapp.example/terms'],
    });
    expect(message.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
  });

  it('leaves out what the message does not have (no undefined keys for the SDK)', () => {
    const request = oneClickRequest({ chainId: CHAIN, accountAddress: ONE_CLICK_PLACEHOLDER_ADDRESS, ...SITE, version: '1', nonce: 'n0nce1234' }, [CHAIN], METHODS);
    expect(Object.keys(request).sort()).toEqual(['chainId', 'chains', 'domain', 'methods', 'nonce', 'uri', 'version']);
  });
});

describe('one-click auth: the CACAO to sign in with', () => {
  it('the one for the session’s chain, else the first; answers that are no CACAO are left out', () => {
    const first = cacaoFor(CHAIN);
    const second = cacaoFor(SECOND_CHAIN);
    expect(pickCacao([first, second], SECOND_CHAIN)).toEqual(second);
    expect(pickCacao([first, second], 'eip155:1')).toEqual(first);
    expect(pickCacao([{ p: { iss: 'nobody' } }, 'text', second], CHAIN)).toEqual(second);
    expect(pickCacao([{ ...first, p: { ...first.p, iss: 'did:web:dapp.example' } }], CHAIN)).toBeUndefined();
    expect(pickCacao(undefined, CHAIN)).toBeUndefined();
    expect(pickCacao([], CHAIN)).toBeUndefined();
  });

  it('the signer comes from the iss DID', () => {
    expect(cacaoSigner(cacaoFor(SECOND_CHAIN))).toEqual({ chainId: SECOND_CHAIN, accountAddress: ACCOUNT });
  });
});

describe('one-click auth: the CACAO as a SIWX session', () => {
  it('the text the wallet signed (formatted from the payload and iss), its signature, the data and the CACAO', () => {
    const cacao = cacaoFor(SECOND_CHAIN, { nbf: new Date(NOW).toISOString(), requestId: 'r-1', resources: ['urn:recap:e30'] });
    const formatted: unknown[] = [];
    const session = cacaoSession(cacao, (payload, iss) => {
      formatted.push([payload, iss]);
      return 'the signed text';
    });

    expect(formatted).toEqual([[cacao.p, cacao.p.iss]]);
    expect(session).toEqual({
      message: 'the signed text',
      signature: '0xabcd',
      cacao,
      data: {
        accountAddress: ACCOUNT,
        chainId: SECOND_CHAIN,
        domain: SITE.domain,
        uri: SITE.uri,
        version: '1',
        nonce: 'n0nce1234',
        statement: 'Please sign with your account',
        issuedAt: '2026-11-24T09:00:00.000Z',
        expirationTime: '2026-11-24T10:00:00.000Z',
        notBefore: '2026-11-24T09:00:00.000Z',
        requestId: 'r-1',
        resources: ['urn:recap:e30'],
      },
    });
  });

  it('a session signed by the wallet over the CACAO’s text is one the site’s SIWX accepts', async () => {
    const siwx = siteSiwx();
    const message = await siwx.createMessage({ chainId: CHAIN, accountAddress: ONE_CLICK_PLACEHOLDER_ADDRESS });
    // The wallet's side: the payload of the request with its own address, signed as EIP-4361 text.
    const { nonce, statement, issuedAt: iat, expirationTime: exp, resources } = message;
    const cacao = cacaoFor(CHAIN, { nonce, statement, iat, exp, resources });
    const toText = (payload: Cacao['p'], iss: string) =>
      formatSiwxMessage({
        ...cacaoSigner({ p: { ...payload, iss } }),
        domain: payload.domain,
        uri: payload.aud,
        version: '1',
        nonce: payload.nonce,
        statement: payload.statement,
        issuedAt: payload.iat,
        expirationTime: payload.exp,
        resources: payload.resources,
      });
    cacao.s.s = await new FakeAdapter().signMessage(fakeWalletConnector.id, ACCOUNT, toText(cacao.p, cacao.p.iss));

    await siwx.addSession(cacaoSession(cacao, toText));

    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([expect.objectContaining({ signature: cacao.s.s, cacao })]);
  });
});
