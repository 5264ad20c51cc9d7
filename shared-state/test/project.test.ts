import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { apiStub, resetTestKit, testCore, unreachableUrl, type ApiStub } from '@portico/test-kit';
import { checkProjectOrigin } from '../src/controllers/project';
import { alertAtom } from '../src/atoms';
import { ORIGIN_NOT_ALLOWED, originRefusedAlert } from '../src/api/origin-refusal';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub({
    'GET /v1/projects/known/allowed-origins': { json: { allowedOrigins: ['https://dapp.example', 'https://*.preview.example'] } },
    'GET /v1/projects/*': { status: 403, json: { message: 'Unauthorized: invalid key' } },
  });
});
afterAll(async () => {
  await api.close();
});
afterEach(resetTestKit);

describe('checkProjectOrigin', () => {
  it('an allowed origin raises no alert', async () => {
    const store = createStore();
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://dapp.example')).resolves.toBe(true);
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://pr-4.preview.example')).resolves.toBe(true);
    expect(store.get(alertAtom)).toBeUndefined();
    expect(api.requests[0]!.params.get('projectId')).toBe('known');
  });

  it('localhost passes through the default allow-list', async () => {
    const store = createStore();
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'http://localhost:5173')).resolves.toBe(true);
    expect(store.get(alertAtom)).toBeUndefined();
  });

  it('an origin off the allow-list raises "Invalid App Configuration" naming the origin', async () => {
    const store = createStore();
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://evil.example')).resolves.toBe(false);
    const alert = store.get(alertAtom);
    expect(alert?.title).toBe('Invalid App Configuration');
    expect(alert?.message).toContain('https://evil.example');
  });

  it('HTTP 403 (unknown project) raises the alert about the project id', async () => {
    const store = createStore();
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'nope' }, 'https://dapp.example')).resolves.toBe(false);
    const alert = store.get(alertAtom);
    expect(alert?.title).toBe('Invalid App Configuration');
    expect(alert?.message).toContain('Project ID nope');
  });

  it('an API that is down raises nothing and lets the site work', async () => {
    const store = createStore();
    await expect(
      checkProjectOrigin(store, { apiUrl: await unreachableUrl(), projectId: 'known' }, 'https://evil.example'),
    ).resolves.toBe(true);
    expect(store.get(alertAtom)).toBeUndefined();
  });

  it('a 5xx or unreadable answer raises nothing either', async () => {
    const store = createStore();
    api.override({ '* /*': { status: 503, text: 'busy' } });
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://evil.example')).resolves.toBe(true);
    api.override({ '* /*': { json: { origins: 'not a list' } } });
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://evil.example')).resolves.toBe(true);
    expect(store.get(alertAtom)).toBeUndefined();
  });
});

describe('origin refused by the API (403 "Unauthorized: origin not allowed", spec §8)', () => {
  const refused = { status: 403, json: { error: ORIGIN_NOT_ALLOWED } };

  it('checkProjectOrigin raises the origin alert, not the unknown-project one', async () => {
    const store = createStore();
    api.override({ '* /*': refused });
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://dapp.example')).resolves.toBe(false);
    expect(store.get(alertAtom)).toEqual(originRefusedAlert('https://dapp.example'));
    expect(store.get(alertAtom)?.message).toBe('Origin https://dapp.example not found on Allowlist - update configuration on the project settings');
    expect(api.requests).toHaveLength(1);
  });

  it('any feature meeting it raises "Invalid App Configuration" once, without retrying, and other features keep working', async () => {
    api.override({
      '* /v1/profile/*': refused,
      'GET /v1/wallets': { json: { count: 1, data: [{ id: 'w1', name: 'Wallet 1' }] } },
      '* /*': { status: 404, json: { error: 'not found' } },
    });
    const { core } = await testCore({ api, start: false });
    const alerts: unknown[] = [];
    core.store.sub(alertAtom, () => alerts.push(core.store.get(alertAtom)));

    await expect(core.names.checkAvailability('alice')).resolves.toBe('error');
    // Outside a browser there is no page origin to name.
    expect(alerts).toEqual([originRefusedAlert(undefined)]);
    expect(api.requestsTo('/v1/profile/account/alice.portico.eth')).toHaveLength(1);

    // Dismissed, then met again: no second alert, no loop.
    core.store.set(alertAtom, undefined);
    await core.names.checkAvailability('alice');
    expect(alerts).toEqual([originRefusedAlert(undefined), undefined]);

    await core.registry!.loadConnectViewWallets([]);
    expect(api.requestsTo('/v1/wallets').length).toBeGreaterThan(0);
    expect(core.store.get(alertAtom)).toBeUndefined();
  });
});

describe('no projectId (spec §8 Project ID Not Configured)', () => {
  it('opens with the alert, asks the Portico API nothing and leaves the embedded wallet off', async () => {
    const { core } = await testCore({ api, options: { projectId: undefined, embeddedWallet: { url: 'https://secure.example/' } } });
    expect(core.store.get(alertAtom)).toEqual({
      title: 'Project ID Not Configured',
      message:
        'Pass the projectId your Portico operator gave you (self-hosted: a project of your Portico API). Until then the wallet list, balances and the email and social logins are off.',
    });
    expect(core.embedded).toBeUndefined();
    // No wallet registry without a project to ask for; balances and activity come from the chain only.
    expect(core.registry).toBeUndefined();
    await core.accountData.refreshTokens({ force: true });
    expect(api.requests).toEqual([]);
  });

  it('a project id: no alert', async () => {
    const { core } = await testCore({ api });
    expect(core.store.get(alertAtom)).toBeUndefined();
  });
});
