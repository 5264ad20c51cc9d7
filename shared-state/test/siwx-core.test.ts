import { afterEach, describe, expect, it } from '@rstest/core';
import { ACCOUNT, eventually, minimalOptions, resetTestKit, testCore } from '@portico/test-kit';
import { announcementAtom, InvalidOptionsError, modalFlagsAtom, signInAtom, type PorticoCore } from '../src/index';
import { parseOptions } from '../src/options';
import { createDefaultSiwx, SIGN_IN_REQUIRED, type SIWEConfig } from '../src/siwx';
import { createMemoryStorage } from '../src/storage';

afterEach(resetTestKit);

const site = { domain: 'dapp.example', uri: 'https://dapp.example' };
const defaultSiwx = (required = false) => createDefaultSiwx({ storage: createMemoryStorage(), ...site, required });
const view = (core: PorticoCore) => core.router.current().view;

/** A legacy siweConfig whose sessions never exist (only the view it opens matters here). */
const legacySiwe: SIWEConfig = {
  createMessage: () => 'message',
  getNonce: async () => 'legacyNonce42',
  getSession: async () => null,
  verifyMessage: async () => false,
  signOut: async () => true,
};

describe('sign-in through the core (host options siwx / siweConfig)', () => {
  it('refuses siwx and siweConfig together with the spec’s error, naming the field', () => {
    const both = minimalOptions({ siwx: defaultSiwx(), siweConfig: legacySiwe });
    expect(() => parseOptions(both)).toThrow(InvalidOptionsError);
    expect(() => parseOptions(both)).toThrow('Invalid Portico option `siweConfig`: setting both siweConfig and siwx is an error');
  });

  it('has no sign-in when the host set neither', async () => {
    const { core } = await testCore({ start: false });
    expect(core.siwx).toBeUndefined();
  });

  it('opens SIWXSignMessage once started with a connected account and no session', async () => {
    const { core } = await testCore({ options: { siwx: defaultSiwx() }, connect: true });
    await core.siwx!.start();
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));
    expect(core.store.get(modalFlagsAtom).open).toBe(true);
    expect(core.store.get(signInAtom).closeDisabled).toBe(false);
  });

  it('opens ConnectingSiwe (AppKit’s name) for a legacy siweConfig', async () => {
    const { core } = await testCore({ options: { siweConfig: legacySiwe }, connect: true });
    await core.siwx!.start();
    await eventually(() => expect(view(core)).toBe('ConnectingSiwe'));
  });

  it('in required mode the modal does not close, not even forced, and says why each time', async () => {
    const { core } = await testCore({ options: { siwx: defaultSiwx(true) }, connect: true });
    await core.siwx!.start();
    await eventually(() => expect(core.store.get(signInAtom).closeDisabled).toBe(true));
    expect(core.modal.close()).toBe(false);
    expect(core.modal.close(true)).toBe(false);
    expect(core.store.get(modalFlagsAtom)).toMatchObject({ open: true, shake: true });
    const first = core.store.get(announcementAtom);
    expect(first.trim()).toBe(SIGN_IN_REQUIRED);
    core.modal.close();
    // A changed text is read out again by screen readers.
    expect(core.store.get(announcementAtom)).not.toBe(first);
    expect(core.store.get(announcementAtom).trim()).toBe(SIGN_IN_REQUIRED);
  });

  it('asks again when the session in use expires, with no switch in between', async () => {
    const siwx = createDefaultSiwx({ storage: createMemoryStorage(), ...site, expiresInMs: 300 });
    const { core } = await testCore({ options: { siwx }, connect: true });
    await core.siwx!.start();
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));
    expect(await core.siwx!.signIn()).toBe(true);
    expect(core.store.get(modalFlagsAtom).open).toBe(false);
    await eventually(() => expect(core.store.get(modalFlagsAtom).open && view(core)).toBe('SIWXSignMessage'), 600);
    expect(core.store.get(signInAtom).session).toBeUndefined();
  });

  it('signs in through the connected wallet, then closes and keeps the session', async () => {
    const { core } = await testCore({ options: { siwx: defaultSiwx(true) }, connect: true });
    await core.siwx!.start();
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));
    expect(await core.siwx!.signIn()).toBe(true);
    expect(core.store.get(modalFlagsAtom).open).toBe(false);
    expect(core.store.get(signInAtom)).toMatchObject({ status: 'idle', closeDisabled: false, session: { data: { accountAddress: ACCOUNT } } });
  });
});
