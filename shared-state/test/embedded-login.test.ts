import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createEmailLogin, EMAIL_LOGIN_COOLDOWN_MS, EMBEDDED_STORAGE_KEYS, type EmailLoginState } from '../src/embedded/email-login';
import type { RequestHandlers } from '../src/embedded/frame-channel';
import { createDomFrameHost, secureSiteUrl } from '../src/embedded/frame-host';
import { REVEALED_FRAME_ATTRIBUTE } from '../src/constants';
import { InvalidOptionsError } from '../src/errors';
import { createMemoryStorage } from '../src/storage';
import { track, wiredChannels } from './embedded-fakes';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const user = (email: string) => ({ email, address: ADDRESS, chainId: 31337, accounts: [{ address: ADDRESS, type: 'eoa' as const }] });

/**
 * A secure site's handlers as a test double: devices it knows skip approval, '123456' is the right code,
 * '111111' and '222222' the update codes; it records every event it answers.
 */
function fakeSecureSite() {
  const events: string[] = [];
  const knownDevices = new Set<string>();
  let approveDevice: (() => void) | undefined;
  let mailError: string | undefined;
  const handlers: RequestHandlers = {
    CONNECT_EMAIL: ({ email }) => {
      events.push(`CONNECT_EMAIL ${email}`);
      if (mailError) throw new Error(mailError);
      return { action: knownDevices.has(email) ? 'VERIFY_OTP' : 'VERIFY_DEVICE' };
    },
    CONNECT_DEVICE: () => {
      events.push('CONNECT_DEVICE');
      return new Promise<Record<string, never>>((resolve) => {
        approveDevice = () => resolve({});
      });
    },
    CONNECT_OTP: ({ otp }) => {
      events.push(`CONNECT_OTP ${otp}`);
      if (otp === '999999') throw new Error('Code expired');
      if (otp !== '123456') throw new Error('Invalid code');
      return user('ada@example.com');
    },
    SIGN_OUT: () => {
      events.push('SIGN_OUT');
      return {};
    },
    UPDATE_EMAIL: ({ email }) => {
      events.push(`UPDATE_EMAIL ${email}`);
      return { action: 'VERIFY_PRIMARY_OTP' };
    },
    UPDATE_EMAIL_PRIMARY_OTP: ({ otp }) => {
      events.push(`UPDATE_EMAIL_PRIMARY_OTP ${otp}`);
      if (otp !== '111111') throw new Error('Invalid code');
      return {};
    },
    UPDATE_EMAIL_SECONDARY_OTP: ({ otp }) => {
      events.push(`UPDATE_EMAIL_SECONDARY_OTP ${otp}`);
      if (otp !== '222222') throw new Error('Invalid code');
      return { newEmail: 'ada@new.example' };
    },
  };
  return {
    handlers,
    events,
    knownDevices,
    approveDevice: () => approveDevice?.(),
    failMail: (message: string) => {
      mailError = message;
    },
  };
}

/** The email login store over the real modal and secure-site channels (fake windows), made ready. */
async function loginOverChannels() {
  const site = fakeSecureSite();
  const { channel } = await wiredChannels({ handlers: site.handlers });
  const storage = createMemoryStorage();
  const clock = { now: 1_800_000_000_000 };
  const login = createEmailLogin({ channel, storage, now: () => clock.now });
  const steps: EmailLoginState['step'][] = [login.getSnapshot().step];
  login.subscribe(() => {
    const { step } = login.getSnapshot();
    if (steps.at(-1) !== step) steps.push(step);
  });
  /** Runs an action and lets the messages and handlers run. */
  const act = async (action: Promise<void>) => {
    await rs.advanceTimersByTimeAsync(5);
    await action;
  };
  return { site, login, storage, clock, steps, act, channel };
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe('email login (spec section 4)', () => {
  it('a new device: email → device approval → code → connected; the email is stored and the last login time cleared', async () => {
    const { site, login, storage, steps, act } = await loginOverChannels();
    const submitted = track(login.submitEmail('  ada@example.com '));
    await rs.advanceTimersByTimeAsync(5);
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-device', email: 'ada@example.com', busy: false });
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt)).toBe('1800000000000');
    site.approveDevice();
    await rs.advanceTimersByTimeAsync(5);
    expect(submitted.done).toBe(true);
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', busy: false });
    await act(login.submitCode('123456'));
    expect(login.getSnapshot()).toEqual({ step: 'connected', email: 'ada@example.com', user: user('ada@example.com'), busy: false });
    expect(steps).toEqual(['email', 'verify-device', 'verify-otp', 'connected']);
    expect(site.events).toEqual(['CONNECT_EMAIL ada@example.com', 'CONNECT_DEVICE', 'CONNECT_OTP 123456']);
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.email)).toBe('ada@example.com');
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBe('true');
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt)).toBeNull();
  });

  it('a known device goes straight to the code', async () => {
    const { site, login, steps, act } = await loginOverChannels();
    site.knownDevices.add('ada@example.com');
    await act(login.submitEmail('ada@example.com'));
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', email: 'ada@example.com', busy: false });
    await act(login.submitCode('123456'));
    expect(steps).toEqual(['email', 'verify-otp', 'connected']);
    expect(site.events).toEqual(['CONNECT_EMAIL ada@example.com', 'CONNECT_OTP 123456']);
  });

  it('going back during device approval stops the wait; its late approval changes nothing', async () => {
    const { site, login } = await loginOverChannels();
    const submitted = track(login.submitEmail('ada@example.com'));
    await rs.advanceTimersByTimeAsync(5);
    expect(login.getSnapshot().step).toBe('verify-device');
    login.back();
    await rs.advanceTimersByTimeAsync(5);
    expect(submitted).toEqual({ done: true, value: undefined });
    site.approveDevice();
    await rs.advanceTimersByTimeAsync(5);
    expect(login.getSnapshot()).toEqual({ step: 'email', email: 'ada@example.com', busy: false, error: undefined });
  });

  it('wrong and expired codes show the secure site\'s message; the step stays for another try', async () => {
    const { site, login, act } = await loginOverChannels();
    site.knownDevices.add('ada@example.com');
    await act(login.submitEmail('ada@example.com'));
    await act(login.submitCode('000000'));
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', error: 'Invalid code', busy: false });
    await act(login.submitCode('999999'));
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', error: 'Code expired' });
    await act(login.submitCode('123456'));
    expect(login.getSnapshot()).toMatchObject({ step: 'connected', error: undefined });
  });

  it('refuses a bad email or code locally, with the field rule, without a request', async () => {
    const { site, login, act } = await loginOverChannels();
    await act(login.submitEmail('not an email'));
    expect(login.getSnapshot()).toMatchObject({ step: 'email', error: 'Must be a valid email' });
    site.knownDevices.add('ada@example.com');
    await act(login.submitEmail('ada@example.com'));
    await act(login.submitCode('12345'));
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', error: 'Must be a 6-digit code' });
    expect(site.events).toEqual(['CONNECT_EMAIL ada@example.com']);
  });
});

describe('email throttle (spec section 5)', () => {
  it(`refuses another mail within ${EMAIL_LOGIN_COOLDOWN_MS / 1000} s with 'Please try again after N seconds' (N rounded up), locally`, async () => {
    const { site, login, clock, act } = await loginOverChannels();
    site.knownDevices.add('ada@example.com');
    await act(login.submitEmail('ada@example.com'));
    clock.now += 12_300;
    await act(login.resendCode());
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', error: 'Please try again after 18 seconds' });
    clock.now += 17_699;
    await act(login.resendCode());
    expect(login.getSnapshot().error).toBe('Please try again after 1 seconds');
    clock.now += 1;
    await act(login.resendCode());
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', error: undefined });
    expect(site.events).toEqual(['CONNECT_EMAIL ada@example.com', 'CONNECT_EMAIL ada@example.com']);
  });

  it('a refused resend keeps waiting for the device link: approving it still moves on to the code', async () => {
    const { site, login, clock, act } = await loginOverChannels();
    void login.submitEmail('ada@example.com');
    await act(Promise.resolve());
    expect(login.getSnapshot().step).toBe('verify-device');
    clock.now += 5_000;
    await act(login.resendCode());
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-device', error: 'Please try again after 25 seconds' });
    site.approveDevice();
    await act(Promise.resolve());
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', busy: false, error: undefined });
    expect(site.events).toEqual(['CONNECT_EMAIL ada@example.com', 'CONNECT_DEVICE']);
  });

  it('the throttle survives a reload (the time is in storage); a time ahead of the clock does not lock anyone out', async () => {
    const { site, login, storage, clock, act } = await loginOverChannels();
    storage.setItem(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt, String(clock.now - 1_000));
    await act(login.submitEmail('ada@example.com'));
    expect(login.getSnapshot().error).toBe('Please try again after 29 seconds');
    storage.setItem(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt, String(clock.now + 60_000));
    site.knownDevices.add('ada@example.com');
    await act(login.submitEmail('ada@example.com'));
    expect(login.getSnapshot()).toMatchObject({ step: 'verify-otp', error: undefined });
  });

  it("the server's own refusal passes through unchanged", async () => {
    const { site, login, act } = await loginOverChannels();
    site.failMail('Please try again after 7 seconds');
    await act(login.submitEmail('ada@example.com'));
    expect(login.getSnapshot()).toMatchObject({ step: 'email', error: 'Please try again after 7 seconds' });
  });
});

describe('sign out and update email (spec section 4)', () => {
  async function connectedLogin() {
    const context = await loginOverChannels();
    context.site.knownDevices.add('ada@example.com');
    await context.act(context.login.submitEmail('ada@example.com'));
    await context.act(context.login.submitCode('123456'));
    return context;
  }

  it('sign out clears the cached login, email, last chain and social username', async () => {
    const { site, login, storage, act } = await connectedLogin();
    storage.setItem(EMBEDDED_STORAGE_KEYS.lastChain, 'eip155:31337');
    storage.setItem(EMBEDDED_STORAGE_KEYS.socialUsername, 'ada');
    storage.setItem('@portico/recent_wallets', '[]');
    await act(login.signOut());
    expect(site.events.at(-1)).toBe('SIGN_OUT');
    for (const key of ['loginCached', 'email', 'lastChain', 'socialUsername'] as const) {
      expect(storage.getItem(EMBEDDED_STORAGE_KEYS[key]), key).toBeNull();
    }
    expect(storage.getItem('@portico/recent_wallets')).toBe('[]');
    expect(login.getSnapshot()).toEqual({ step: 'email', busy: false, error: undefined });
  });

  it('sign out clears the local login even when the frame cannot answer', async () => {
    const { login, storage, act, channel } = await connectedLogin();
    channel.close();
    await act(login.signOut());
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
    expect(login.getSnapshot()).toEqual({ step: 'email', busy: false, error: 'Something went wrong' });
  });

  it('update email: UPDATE_EMAIL → primary code → secondary code → the new email stored and shown', async () => {
    const { site, login, storage, steps, act } = await connectedLogin();
    await act(login.startUpdateEmail('ada@new.example'));
    expect(login.getSnapshot()).toMatchObject({ step: 'update-primary', newEmail: 'ada@new.example' });
    await act(login.submitUpdateCode('000000'));
    expect(login.getSnapshot()).toMatchObject({ step: 'update-primary', error: 'Invalid code' });
    await act(login.submitUpdateCode('111111'));
    expect(login.getSnapshot()).toMatchObject({ step: 'update-secondary', error: undefined });
    await act(login.submitUpdateCode('222222'));
    expect(login.getSnapshot()).toMatchObject({ step: 'connected', email: 'ada@new.example', user: { email: 'ada@new.example' }, newEmail: undefined });
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.email)).toBe('ada@new.example');
    expect(steps).toEqual(['email', 'verify-otp', 'connected', 'update-primary', 'update-secondary', 'connected']);
    expect(site.events.slice(-4)).toEqual([
      'UPDATE_EMAIL ada@new.example',
      'UPDATE_EMAIL_PRIMARY_OTP 000000',
      'UPDATE_EMAIL_PRIMARY_OTP 111111',
      'UPDATE_EMAIL_SECONDARY_OTP 222222',
    ]);
  });

  it('update email refuses the current address and is throttled like a login', async () => {
    const { site, login, clock, act } = await connectedLogin();
    await act(login.startUpdateEmail('ADA@example.com'));
    expect(login.getSnapshot()).toMatchObject({ step: 'connected', error: 'The new email is the current one' });
    await act(login.startUpdateEmail('ada@new.example'));
    login.back();
    clock.now += 5_000;
    await act(login.startUpdateEmail('ada@new.example'));
    expect(login.getSnapshot()).toMatchObject({ step: 'connected', error: 'Please try again after 25 seconds' });
    expect(site.events.filter((event) => event.startsWith('UPDATE_EMAIL '))).toHaveLength(1);
  });
});

describe('frame host and secure site URL (spec section 7)', () => {
  it('builds the iframe URL with projectId, chainId, version and enableLogger (and the parent origin when given)', () => {
    expect(secureSiteUrl('http://127.0.0.1:3010/', { projectId: 'demo', chainId: 31337, version: '0.1.0', enableLogger: false })).toBe(
      'http://127.0.0.1:3010/?projectId=demo&chainId=31337&version=0.1.0&enableLogger=false',
    );
    expect(
      secureSiteUrl('https://wallet.example/frame?x=1', {
        projectId: 'p',
        chainId: 1,
        version: '1',
        enableLogger: true,
        parentOrigin: 'https://dapp.example',
      }),
    ).toBe('https://wallet.example/frame?x=1&projectId=p&chainId=1&version=1&enableLogger=true&origin=https%3A%2F%2Fdapp.example');
  });

  it('refuses a base that is not http(s), carries credentials or is no URL, and bad query values', () => {
    const query = { projectId: 'demo', chainId: 31337, version: '0.1.0', enableLogger: false };
    for (const base of ['javascript:alert(1)', 'file:///etc/passwd', 'http://user:pw@127.0.0.1:3010', '127.0.0.1:3010', '']) {
      expect(() => secureSiteUrl(base, query), base).toThrow(InvalidOptionsError);
    }
    expect(() => secureSiteUrl('http://127.0.0.1:3010', { ...query, projectId: '' })).toThrow(InvalidOptionsError);
    expect(() => secureSiteUrl('http://127.0.0.1:3010', { ...query, parentOrigin: '*' })).toThrow(InvalidOptionsError);
  });

  it('the DOM host mounts one hidden, sandboxed iframe and gives the channel its window and origin', () => {
    const created: Record<string, unknown>[] = [];
    const appended: unknown[] = [];
    const fakeIframe = () => {
      const element: Record<string, unknown> = {
        attributes: {} as Record<string, string>,
        style: {},
        contentWindow: { postMessage() {} },
        setAttribute(name: string, value: string) {
          (element.attributes as Record<string, string>)[name] = value;
        },
        remove() {
          appended.splice(appended.indexOf(element), 1);
        },
      };
      created.push(element);
      return element;
    };
    const container = { ownerDocument: { createElement: fakeIframe } as unknown as Document, append: (node: unknown) => void appended.push(node) };
    const host = createDomFrameHost(container);
    const mounted = host.mount('http://127.0.0.1:3010/?projectId=demo');
    expect(mounted.frameOrigin).toBe('http://127.0.0.1:3010');
    expect(mounted.frameWindow()).toBe(created[0]?.contentWindow);
    expect(created[0]).toMatchObject({ src: 'http://127.0.0.1:3010/?projectId=demo', attributes: { sandbox: 'allow-scripts allow-same-origin', 'aria-hidden': 'true' } });
    host.mount('http://127.0.0.1:3010/?projectId=other');
    expect(appended).toEqual([created[1]]);
    host.unmount();
    host.unmount();
    expect(appended).toEqual([]);
  });

  it("reveal shows the iframe over the approval slot, following it each animation frame, until hidden (issue 28)", () => {
    const frames: (() => void)[] = [];
    const view = { requestAnimationFrame: (callback: () => void) => frames.push(callback), cancelAnimationFrame: (id: number) => void (frames[id - 1] = () => undefined) };
    const iframe: Record<string, unknown> = {
      attributes: {} as Record<string, string>,
      style: { cssText: '' },
      tabIndex: 0,
      contentWindow: {},
      ownerDocument: { defaultView: view },
      setAttribute: (name: string, value: string) => void ((iframe.attributes as Record<string, string>)[name] = value),
      removeAttribute: (name: string) => void delete (iframe.attributes as Record<string, string>)[name],
      remove: () => undefined,
    };
    const host = createDomFrameHost({ ownerDocument: { createElement: () => iframe } as unknown as Document, append: () => undefined });
    host.mount('http://127.0.0.1:3010/?projectId=demo');
    const hidden = (iframe.style as { cssText: string }).cssText;
    let rect = { left: 10, top: 80, width: 360, height: 400 };
    const hide = host.reveal({ getBoundingClientRect: () => rect } as unknown as Element);
    expect((iframe.style as { cssText: string }).cssText).toContain('position:fixed;left:10px;top:80px;width:360px;height:400px');
    expect(iframe.attributes).toEqual({ sandbox: 'allow-scripts allow-same-origin', [REVEALED_FRAME_ATTRIBUTE]: '' });
    expect(iframe.tabIndex).toBe(0);
    rect = { left: 10, top: 60, width: 360, height: 420 };
    frames.at(-1)!();
    expect((iframe.style as { cssText: string }).cssText).toContain('top:60px;width:360px;height:420px');
    hide();
    expect((iframe.style as { cssText: string }).cssText).toBe(hidden);
    expect(iframe.attributes).toMatchObject({ 'aria-hidden': 'true' });
    expect(iframe.tabIndex).toBe(-1);
  });
});
