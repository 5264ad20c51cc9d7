import { describe, expect, it } from '@rstest/core';
import { ACCOUNT, CHAIN } from '@portico/test-kit';
import { createSiwxMessenger, formatSiwxMessage, parseSiwxMessage, siwxMessage } from '../src/siwx';

const NOW = Date.parse('2026-11-24T09:00:00.000Z');

describe('SIWX messages (EIP-4361)', () => {
  it('writes every field of the message data, and reads them back', async () => {
    const createMessage = createSiwxMessenger({
      domain: 'dapp.example',
      uri: 'https://dapp.example/login',
      statement: 'Sign in to Example',
      resources: ['https://dapp.example/terms'],
      expiresInMs: 60 * 60 * 1000,
      getNonce: async () => 'abcdef0123456789',
      now: () => NOW,
    });
    const message = await createMessage({ chainId: CHAIN, accountAddress: ACCOUNT });
    const text = message.toString();

    expect(text).toBe(
      [
        'dapp.example wants you to sign in with your Ethereum account:',
        ACCOUNT,
        '',
        'Sign in to Example',
        '',
        'URI: https://dapp.example/login',
        'Version: 1',
        'Chain ID: 31337',
        'Nonce: abcdef0123456789',
        'Issued At: 2026-11-24T09:00:00.000Z',
        'Expiration Time: 2026-11-24T10:00:00.000Z',
        'Resources:',
        '- https://dapp.example/terms',
      ].join('\n'),
    );
    expect(message).toMatchObject({
      domain: 'dapp.example',
      uri: 'https://dapp.example/login',
      chainId: CHAIN,
      nonce: 'abcdef0123456789',
      issuedAt: '2026-11-24T09:00:00.000Z',
      expirationTime: '2026-11-24T10:00:00.000Z',
      statement: 'Sign in to Example',
      resources: ['https://dapp.example/terms'],
      version: '1',
    });
    const { toString: _text, ...data } = message;
    expect(parseSiwxMessage(text)).toEqual(data);
  });

  it('round-trips notBefore and requestId, and formats the same text from parsed data', () => {
    const data = {
      accountAddress: ACCOUNT,
      chainId: 'eip155:1' as const,
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      version: '1',
      nonce: 'n0nce1234',
      issuedAt: '2026-11-24T09:00:00.000Z',
      notBefore: '2026-11-24T09:05:00.000Z',
      requestId: 'req-7',
    };
    const text = siwxMessage(data).toString();
    expect(parseSiwxMessage(text)).toEqual(data);
    expect(formatSiwxMessage(parseSiwxMessage(text)!)).toBe(text);
  });

  it('defaults: the page location, a 24 h lifetime, a statement; no message outside eip155, solana and bip122', async () => {
    const createMessage = createSiwxMessenger({ uri: 'https://shop.example', getNonce: async () => 'abcdefgh', now: () => NOW });
    const message = await createMessage({ chainId: CHAIN, accountAddress: ACCOUNT });
    expect(message.domain).toBe('shop.example');
    expect(message.expirationTime).toBe('2026-11-25T09:00:00.000Z');
    expect(message.statement).toBe('Please sign with your account');
    await expect(createMessage({ chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', accountAddress: 'x' })).rejects.toThrow(
      'Sign-in is not supported on polkadot yet',
    );
  });

  it('refuses what is not an EIP-4361 message', () => {
    expect(parseSiwxMessage('Sign this please')).toBeUndefined();
  });
});
