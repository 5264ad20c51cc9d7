import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@rstest/core';
import type { Features } from '../src/index';
import { VIEW_REGISTRY, isViewName, resolveView, viewTitle, type ViewRegistration } from '../src/views';
import { FEATURE_DEFAULTS, REMOTE_NAMES } from '../src/constants';

const here = dirname(fileURLToPath(import.meta.url));
const remotesDir = resolve(here, '../../remotes');
const registry = Object.entries(VIEW_REGISTRY) as Array<[string, ViewRegistration]>;
const features = (overrides: Partial<Features> = {}): Features => ({ ...FEATURE_DEFAULTS, ...overrides });

/** The `exposes` block of a remote's rsbuild config, read as text. */
function exposedModules(remote: string): string[] {
  const text = readFileSync(resolve(remotesDir, remote, 'rsbuild.config.ts'), 'utf8');
  const block = /exposes\s*:\s*\{([^}]*)\}/.exec(text);
  expect(block, `remotes/${remote}/rsbuild.config.ts has an exposes block`).not.toBeNull();
  return [...block![1]!.matchAll(/['"](\.\/[^'"]+)['"]\s*:/g)].map((match) => match[1]!);
}

describe('view registry', () => {
  it('registers at least the connect and account views', () => {
    expect(VIEW_REGISTRY.Connect?.remote).toBe('connect');
    expect(VIEW_REGISTRY.Account?.remote).toBe('account');
  });

  it.each(registry)('%s: known view, known remote, module starts with ./', (view, registration) => {
    expect(isViewName(view)).toBe(true);
    expect(REMOTE_NAMES).toContain(registration.remote);
    expect(registration.module.startsWith('./')).toBe(true);
    if (registration.feature) expect(Object.keys(FEATURE_DEFAULTS)).toContain(registration.feature);
  });

  const built = registry.filter(([, registration]) => existsSync(resolve(remotesDir, registration.remote)));
  const notBuilt = registry.filter(([, registration]) => !existsSync(resolve(remotesDir, registration.remote)));

  it('finds the connect and account remote folders', () => {
    expect(built.map(([, registration]) => registration.remote)).toEqual(
      expect.arrayContaining(['connect', 'account']),
    );
  });

  it.each(built)('%s is really exposed by its remote', (_view, registration) => {
    expect(exposedModules(registration.remote)).toContain(registration.module);
  });

  it.each(notBuilt)('%s (remote folder not built yet) is behind a feature flag', (view, registration) => {
    expect(registration.feature).toBeDefined();
    expect(Object.keys(FEATURE_DEFAULTS)).toContain(registration.feature);
    const off = resolveView(view, features({ [registration.feature!]: false }));
    expect(off.kind).toBe('feature-off');
  });
});

describe('resolveView', () => {
  it('an unknown name', () => {
    const resolution = resolveView('Teleport', features());
    expect(resolution).toEqual({ kind: 'unknown', message: 'Unknown view "Teleport".' });
  });

  it('every spec view has a remote: ConnectingWalletConnectBasic is the connect remote\'s', () => {
    expect(resolveView('ConnectingWalletConnectBasic', features())).toEqual({
      kind: 'remote',
      registration: { remote: 'connect', module: './ConnectingWalletConnectBasic' },
    });
  });

  it('a view whose feature is off', () => {
    const resolution = resolveView('WalletSend', features({ send: false }));
    expect(resolution).toEqual({ kind: 'feature-off', message: 'The send feature is turned off for this site.' });
  });

  it('a registered view', () => {
    expect(resolveView('Connect', features())).toEqual({
      kind: 'remote',
      registration: { remote: 'connect', module: './Connect' },
    });
    const send = resolveView('WalletSend', features({ send: true }));
    expect(send.kind === 'remote' && send.registration.remote).toBe('send');
  });

  it('isViewName', () => {
    expect(isViewName('Account')).toBe(true);
    expect(isViewName('account')).toBe(false);
    expect(isViewName(undefined)).toBe(false);
  });
});

describe('ConnectingSocial (issue 12)', () => {
  it('is the connect remote’s, without a feature flag (social login and the approval gate work with email off)', () => {
    expect(VIEW_REGISTRY.ConnectingSocial).toEqual({ remote: 'connect', module: './ConnectingSocial' });
    expect(resolveView('ConnectingSocial', features({ email: false })).kind).toBe('remote');
    expect(resolveView('ApproveTransaction', features({ email: false })).kind).toBe('remote');
  });

  it('is titled for the provider', () => {
    expect(viewTitle('ConnectingSocial', { socialProviderName: 'GitHub' })).toBe('Log in with GitHub');
  });
});


describe('ConnectingFarcaster (issue 12)', () => {
  it('is the connect remote’s, without a feature flag (Farcaster login works with email off)', () => {
    expect(VIEW_REGISTRY.ConnectingFarcaster).toEqual({ remote: 'connect', module: './ConnectingFarcaster' });
    expect(resolveView('ConnectingFarcaster', features({ email: false })).kind).toBe('remote');
  });

  it("is titled 'Log in with Farcaster'", () => {
    expect(viewTitle('ConnectingFarcaster')).toBe('Log in with Farcaster');
  });
});

describe('Transactions (spec §2: the history view)', () => {
  it("is the account remote's, behind the history feature, titled 'Activity'", () => {
    expect(VIEW_REGISTRY.Transactions).toEqual({ remote: 'account', module: './Transactions', feature: 'history' });
    expect(resolveView('Transactions', features({ history: true })).kind).toBe('remote');
    expect(viewTitle('Transactions')).toBe('Activity');
  });

  it('is refused with a reason when history is off', () => {
    expect(resolveView('Transactions', features({ history: false }))).toEqual({
      kind: 'feature-off',
      message: 'The history feature is turned off for this site.',
    });
  });
});
