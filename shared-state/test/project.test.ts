import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { checkProjectOrigin } from '../src/controllers/project';
import { alertAtom } from '../src/atoms';
import { startStubApi, unreachableUrl, type StubApi } from './helpers/api-server';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.handle = (request) => {
    if (request.path === '/v1/projects/known/allowed-origins') {
      return { json: { allowedOrigins: ['https://dapp.example', 'https://*.preview.example'] } };
    }
    if (request.path.startsWith('/v1/projects/')) return { status: 403, json: { message: 'Unauthorized: invalid key' } };
    return undefined;
  };
});

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
    api.handle = () => ({ status: 503, text: 'busy' });
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://evil.example')).resolves.toBe(true);
    api.handle = () => ({ json: { origins: 'not a list' } });
    await expect(checkProjectOrigin(store, { apiUrl: api.url, projectId: 'known' }, 'https://evil.example')).resolves.toBe(true);
    expect(store.get(alertAtom)).toBeUndefined();
  });
});
