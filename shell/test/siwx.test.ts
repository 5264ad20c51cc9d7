import { ACCOUNT, FakeAdapter, apiStub, fakeWalletConnector } from '@portico/test-kit';
import { afterEach, describe, expect, it } from '@rstest/core';
import { createDefaultSiwx, createServerSiwx } from '../src/siwx';

afterEach(() => localStorage.clear());

describe('the sign-in factories hosts pass as `siwx`', () => {
  it('answer getRequired and signOutOnDisconnect at once, before any sign-in code loads', () => {
    const server = createServerSiwx({ apiUrl: 'http://127.0.0.1:1', projectId: 'p', required: true, signOutOnDisconnect: false });
    expect(server.getRequired!()).toBe(true);
    expect(server.signOutOnDisconnect).toBe(false);
    expect(createDefaultSiwx().getRequired!()).toBe(false);
  });

  it('default: a message for this page’s domain, signed and kept in localStorage, found again by a new instance', async () => {
    const siwx = createDefaultSiwx({ statement: 'Sign in to the test page' });
    const message = await siwx.createMessage({ chainId: 'eip155:31337', accountAddress: ACCOUNT });
    expect(message.domain).toBe(location.host);
    expect(message.toString()).toContain('Sign in to the test page');
    const signature = await new FakeAdapter().signMessage(fakeWalletConnector.id, ACCOUNT, message.toString());
    await siwx.addSession({ data: message, message: message.toString(), signature });
    const [session] = await createDefaultSiwx().getSessions('eip155:31337', ACCOUNT);
    expect(session?.data.accountAddress).toBe(ACCOUNT);
  });

  it('server: the message carries the API’s nonce; a refusal is the API’s own words', async () => {
    const api = await apiStub({
      'POST /v1/sessions/nonce': () => ({ status: 201, json: { nonce: 'apiNonce12345678', expiresAt: new Date(Date.now() + 600_000).toISOString() } }),
      'POST /v1/sessions': () => ({ status: 401, json: { error: 'Nonce expired or already used' } }),
    });
    try {
      const siwx = createServerSiwx({ apiUrl: api.url, projectId: 'p' });
      const message = await siwx.createMessage({ chainId: 'eip155:31337', accountAddress: ACCOUNT });
      expect(message.nonce).toBe('apiNonce12345678');
      await expect(siwx.addSession({ data: message, message: message.toString(), signature: '0x01' })).rejects.toThrow('Nonce expired or already used');
      expect(await siwx.getToken('eip155:31337', ACCOUNT)).toBeUndefined();
    } finally {
      await api.close();
    }
  });
});
