/**
 * The Farcaster login store (embedded/farcaster-login.ts) over the real frame protocol (both channel ends on fake
 * windows): the URI for the QR code, CONNECT_FARCASTER under the 5-minute wait, the user stored, every way it
 * fails (the frame's refusals, the wait running out), cancel clearing the url and reloading the frame 100 ms later
 * (spec sections 2 and 9), a start during that reload, and the Farcaster user in createEmbeddedLogins (restore,
 * sign-out). Also GET_FARCASTER_URI's url field, and test-kit's scripted Farcaster frame that the view tests use.
 */
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { deferred, embeddedTestWallet, FARCASTER_TEST_URL, FARCASTER_TEST_USERNAME, farcasterTestUser, type Deferred } from '@portico/test-kit';
import { EMBEDDED_ALERTS, USER_ACTION_TIMEOUT_MS } from '../src/embedded/constants';
import { EMBEDDED_STORAGE_KEYS } from '../src/embedded/email-login';
import { createFarcasterLogin, FARCASTER_RELOAD_DELAY_MS, type FarcasterLoginState } from '../src/embedded/farcaster-login';
import { farcasterUrlField } from '../src/embedded/fields';
import type { RequestHandlers } from '../src/embedded/frame-channel';
import { createEmbeddedLogins } from '../src/embedded/logins';
import { parsePayload, REQUESTS } from '../src/embedded/messages';
import { createMemoryStorage } from '../src/storage';
import { wiredChannels } from './embedded-fakes';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const aliceUser = { address: ADDRESS, chainId: 31337, accounts: [{ address: ADDRESS, type: 'eoa' as const }], authProvider: 'farcaster' as const, userName: 'alice' };
const signInUrl = (n: number) => `farcaster://connect?channelToken=token-${n}&nonce=nonce-${n}&siweUri=http%3A%2F%2F127.0.0.1%3A3010&domain=127.0.0.1%3A3010`;

/**
 * The secure site's Farcaster handlers: each GET_FARCASTER_URI a new channel's URL; CONNECT_FARCASTER waits until
 * the test approves (or refuses) it, as the frame polls the relay until the Farcaster app signed.
 */
function fakeSecureSite() {
  const events: string[] = [];
  const approvals: Deferred<typeof aliceUser>[] = [];
  let channels = 0;
  let uriReply: () => { url: string } = () => ({ url: signInUrl(++channels) });
  let reloadReply: () => Record<string, never> = () => ({});
  const handlers: RequestHandlers = {
    GET_FARCASTER_URI: () => {
      events.push('GET_FARCASTER_URI');
      return uriReply();
    },
    CONNECT_FARCASTER: () => {
      events.push('CONNECT_FARCASTER');
      const approval = deferred<typeof aliceUser>();
      approvals.push(approval);
      return approval.promise;
    },
    // Like the secure site: the pending sign-in ends in place (the session stays) and RELOAD is answered.
    RELOAD: () => {
      events.push('RELOAD');
      return reloadReply();
    },
    SIGN_OUT: () => {
      events.push('SIGN_OUT');
      return {};
    },
  };
  return {
    handlers,
    events,
    /** The Farcaster app approved the newest sign-in (the frame's CONNECT_FARCASTER answers). */
    approve: () => approvals.at(-1)!.resolve(aliceUser),
    refuseConnect: (message: string) => approvals.at(-1)!.reject(new Error(message)),
    refuseUri: (message: string) => {
      uriReply = () => {
        throw new Error(message);
      };
    },
    refuseReload: (message: string) => {
      reloadReply = () => {
        throw new Error(message);
      };
    },
  };
}

async function farcasterOverChannels() {
  const site = fakeSecureSite();
  const { channel } = await wiredChannels({ handlers: site.handlers });
  const storage = createMemoryStorage();
  const reloadFailures: unknown[] = [];
  const farcaster = createFarcasterLogin({ channel, storage, onReloadFailed: (error) => reloadFailures.push(error) });
  const steps: FarcasterLoginState['step'][] = [farcaster.getSnapshot().step];
  farcaster.subscribe(() => {
    const { step } = farcaster.getSnapshot();
    if (steps.at(-1) !== step) steps.push(step);
  });
  /** Lets the messages and handlers run (the fake windows deliver on timers). */
  const settle = () => rs.advanceTimersByTimeAsync(10);
  return { site, farcaster, storage, steps, settle, reloadFailures };
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe('Farcaster login (spec sections 2, 3, 7)', () => {
  it('asks for the URI, shows it while CONNECT_FARCASTER waits, and on approval connects: username, provider and login cache stored', async () => {
    const { site, farcaster, storage, steps, settle } = await farcasterOverChannels();
    farcaster.start();
    expect(farcaster.getSnapshot()).toEqual({ step: 'connecting' });
    await settle();
    expect(farcaster.getSnapshot()).toEqual({ step: 'waiting', url: signInUrl(1) });
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
    site.approve();
    await settle();
    expect(farcaster.getSnapshot()).toEqual({ step: 'connected', user: aliceUser });
    expect(steps).toEqual(['idle', 'connecting', 'waiting', 'connected']);
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.connectedSocial)).toBe('farcaster');
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.socialUsername)).toBe('alice');
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBe('true');
  });

  it('waits for the person longer than the 30 s request timeout; after 5 minutes the wait times out with the spec’s alert title', async () => {
    const { farcaster, settle } = await farcasterOverChannels();
    farcaster.start();
    await settle();
    await rs.advanceTimersByTimeAsync(USER_ACTION_TIMEOUT_MS - 1_000);
    expect(farcaster.getSnapshot()).toEqual({ step: 'waiting', url: signInUrl(1) });
    await rs.advanceTimersByTimeAsync(1_000);
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle', error: EMBEDDED_ALERTS.requestTimedOut });
    expect(USER_ACTION_TIMEOUT_MS).toBe(300_000);
  });

  it('the frame refuses the URI: its words land in `error`; CONNECT_FARCASTER is never sent', async () => {
    const { site, farcaster, storage, settle } = await farcasterOverChannels();
    site.refuseUri('Sign In With Farcaster is not configured on this server');
    farcaster.start();
    await settle();
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle', error: 'Sign In With Farcaster is not configured on this server' });
    expect(site.events).toEqual(['GET_FARCASTER_URI']);
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
  });

  it.each([
    ['an unregistered custody key', 'This Farcaster account could not be verified'],
    ['an expired channel', 'This sign-in has expired. Please try again'],
  ])('%s: the frame’s words land in `error`, the url is dropped, nothing is stored', async (_case, message) => {
    const { site, farcaster, storage, settle } = await farcasterOverChannels();
    farcaster.start();
    await settle();
    site.refuseConnect(message);
    await settle();
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle', error: message });
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.connectedSocial)).toBeNull();
  });

  it('Try again after an error asks for a new URI; a start while one is under way is ignored', async () => {
    const { site, farcaster, settle } = await farcasterOverChannels();
    farcaster.start();
    await settle();
    farcaster.start();
    await settle();
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
    site.refuseConnect('This sign-in has expired. Please try again');
    await settle();
    farcaster.start();
    await settle();
    expect(farcaster.getSnapshot()).toEqual({ step: 'waiting', url: signInUrl(2) });
    site.approve();
    await settle();
    expect(farcaster.getSnapshot().step).toBe('connected');
  });
});

describe('Farcaster cancel (spec section 2: clears the url, reloads the embedded wallet after about 100 ms)', () => {
  it('while waiting: idle without the url at once, RELOAD 100 ms later (not before); a late approval changes nothing', async () => {
    const { site, farcaster, storage, settle } = await farcasterOverChannels();
    farcaster.start();
    await settle();
    farcaster.cancel();
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle' });
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS - 1);
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
    await rs.advanceTimersByTimeAsync(1);
    await settle();
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'RELOAD']);
    expect(FARCASTER_RELOAD_DELAY_MS).toBe(100);
    site.approve();
    await settle();
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle' });
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
  });

  it('while the URI is asked for: the late URI is never shown; one RELOAD for two cancels', async () => {
    const { site, farcaster, settle } = await farcasterOverChannels();
    farcaster.start();
    farcaster.cancel();
    farcaster.cancel();
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS + 10);
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle' });
    expect(site.events.filter((event) => event === 'RELOAD')).toHaveLength(1);
    await settle();
    expect(site.events).not.toContain('CONNECT_FARCASTER');
  });

  it('after an error: the error is cleared and the frame reloads too (not connected)', async () => {
    const { site, farcaster, settle } = await farcasterOverChannels();
    site.refuseUri('Sign In With Farcaster is not configured on this server');
    farcaster.start();
    await settle();
    farcaster.cancel();
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle' });
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS + 10);
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'RELOAD']);
  });

  it('once connected: nothing changes and nothing is sent', async () => {
    const { site, farcaster, settle } = await farcasterOverChannels();
    farcaster.start();
    await settle();
    site.approve();
    await settle();
    farcaster.cancel();
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS + 10);
    expect(farcaster.getSnapshot()).toEqual({ step: 'connected', user: aliceUser });
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
  });

  it('a start during the reload waits for RELOAD’s answer, then asks for a new URI (the reload cannot end the new sign-in)', async () => {
    const { site, farcaster, settle } = await farcasterOverChannels();
    farcaster.start();
    await settle();
    farcaster.cancel();
    farcaster.start();
    expect(farcaster.getSnapshot()).toEqual({ step: 'connecting' });
    await settle();
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS);
    await settle();
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'RELOAD', 'GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
    expect(farcaster.getSnapshot()).toEqual({ step: 'waiting', url: signInUrl(2) });
  });

  it('a RELOAD the frame refuses is reported, not shown; the next sign-in still works', async () => {
    const { site, farcaster, settle, reloadFailures } = await farcasterOverChannels();
    site.refuseReload('Something went wrong');
    farcaster.start();
    await settle();
    farcaster.cancel();
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS + 10);
    expect(reloadFailures).toHaveLength(1);
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle' });
    farcaster.start();
    await settle();
    expect(farcaster.getSnapshot()).toEqual({ step: 'waiting', url: signInUrl(2) });
  });
});

describe('createEmbeddedLogins with Farcaster: restore, user() and sign-out', () => {
  it('restore: connected with the user; user() is the Farcaster user; sign-out resets it and clears the stored keys', async () => {
    const site = fakeSecureSite();
    const { channel } = await wiredChannels({ handlers: site.handlers });
    const storage = createMemoryStorage();
    storage.setItem(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
    storage.setItem(EMBEDDED_STORAGE_KEYS.connectedSocial, 'farcaster');
    storage.setItem(EMBEDDED_STORAGE_KEYS.socialUsername, 'alice');
    const { login, farcaster, user } = createEmbeddedLogins({ channel, storage, openWindow: () => null });
    farcaster.restore(aliceUser);
    expect(farcaster.getSnapshot()).toEqual({ step: 'connected', user: aliceUser });
    expect(user()).toEqual(aliceUser);
    const signedOut = login.signOut();
    await rs.advanceTimersByTimeAsync(10);
    await signedOut;
    expect(site.events).toEqual(['SIGN_OUT']);
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle' });
    expect(user()).toBeUndefined();
    for (const key of ['loginCached', 'socialUsername', 'connectedSocial'] as const) expect(storage.getItem(EMBEDDED_STORAGE_KEYS[key])).toBeNull();
  });
});

describe('GET_FARCASTER_URI reply: url (farcaster:// or https, at most 2,048 characters)', () => {
  const reply = (url: unknown) => parsePayload(REQUESTS.GET_FARCASTER_URI.reply, { url });

  it('accepts the relay’s farcaster://connect URI and an https link', () => {
    expect(reply(signInUrl(1))).toEqual({ ok: true, value: { url: signInUrl(1) } });
    expect(reply('https://farcaster.xyz/~/siwf?channelToken=abc').ok).toBe(true);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['http:', 'http://relay.example/connect?channelToken=abc'],
    ['not a URL', 'channelToken=abc'],
  ])('refuses %s', (_case, url) => {
    expect(reply(url)).toEqual({ ok: false, issue: 'url: must be a farcaster:// or https URL' });
  });

  it('refuses more than 2,048 characters (2,048 pass)', () => {
    const base = 'farcaster://connect?channelToken=';
    expect(parsePayload(farcasterUrlField, base + 'a'.repeat(2048 - base.length)).ok).toBe(true);
    expect(parsePayload(farcasterUrlField, base + 'a'.repeat(2049 - base.length))).toEqual({ ok: false, issue: 'must be at most 2048 characters' });
  });
});

describe('embeddedTestWallet (test-kit): the Farcaster defaults and a held CONNECT_FARCASTER', () => {
  it('alice logs in through the relay-style URI once the test releases the approval; a failed one shows the frame’s words', async () => {
    const embedded = embeddedTestWallet();
    const { farcaster } = embedded.wallet;
    const approval = embedded.hold('CONNECT_FARCASTER');
    farcaster.start();
    await rs.advanceTimersByTimeAsync(0);
    expect(farcaster.getSnapshot()).toEqual({ step: 'waiting', url: FARCASTER_TEST_URL });
    expect(approval.waiting).toBe(1);
    approval.fail('This sign-in has expired. Please try again');
    await rs.advanceTimersByTimeAsync(0);
    expect(farcaster.getSnapshot()).toEqual({ step: 'idle', error: 'This sign-in has expired. Please try again' });
    const secondApproval = embedded.hold('CONNECT_FARCASTER');
    farcaster.start();
    await rs.advanceTimersByTimeAsync(0);
    secondApproval.release();
    await rs.advanceTimersByTimeAsync(0);
    expect(farcaster.getSnapshot()).toEqual({ step: 'connected', user: farcasterTestUser() });
    expect(farcasterTestUser()).toMatchObject({ authProvider: 'farcaster', userName: FARCASTER_TEST_USERNAME });
    expect(farcasterTestUser()).not.toHaveProperty('email');
  });

  it('a held request the modal aborts (cancel) is dropped from the hold; RELOAD answers by default', async () => {
    const embedded = embeddedTestWallet();
    const approval = embedded.hold('CONNECT_FARCASTER');
    embedded.wallet.farcaster.start();
    await rs.advanceTimersByTimeAsync(0);
    embedded.wallet.farcaster.cancel();
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS);
    expect(approval.waiting).toBe(0);
    expect(embedded.requests.map((request) => request.name)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'RELOAD']);
  });
});
