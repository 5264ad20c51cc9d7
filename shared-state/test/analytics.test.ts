import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { apiStub, resetTestKit, type ApiStub } from '@portico/test-kit';
import { startAnalytics } from '../src/controllers/analytics';
import { alertAtom } from '../src/atoms';
import { createEventBus } from '../src/events';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub({
    'GET /v1/projects/on/analytics-config': { json: { isAnalyticsEnabled: true } },
    'GET /v1/projects/off/analytics-config': { json: { isAnalyticsEnabled: false } },
    'GET /v1/projects/refused/analytics-config': { json: { isAnalyticsEnabled: true } },
    'POST /v1/analytics/events': (request) => (request.params.get('projectId') === 'refused' ? { status: 403, json: { message: 'Forbidden' } } : { status: 202, json: {} }),
  });
});
afterAll(async () => {
  await api.close();
});
afterEach(resetTestKit);

const page = { url: 'https://dapp.example/swap', domain: 'dapp.example' };
const sent = () => api.requestsTo('/v1/analytics/events');

/** Starts the forwarder for `projectId`, counting the requests it makes through its own fetch. */
async function forwarder(projectId: string) {
  const store = createStore();
  const events = createEventBus(() => 1_700_000_000_000);
  const fetched: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    fetched.push(String(input));
    return fetch(input, init);
  };
  const stop = await startAnalytics({ store, api: { apiUrl: api.url, projectId, fetch: countingFetch }, events, page });
  return { store, events, fetched, stop };
}

describe('startAnalytics', () => {
  it('sends each event once the project has analytics on, from a later task than the one that tracked it', async () => {
    const { events, fetched, stop } = await forwarder('on');
    const before = fetched.length;
    events.track('MODAL_OPEN', { connected: false });
    expect(fetched.length, 'no request inside the tracking task (the click that opened the modal)').toBe(before);

    await expect.poll(() => sent().length).toBe(1);
    const body = JSON.parse(sent()[0]!.body);
    expect(body).toMatchObject({ url: page.url, domain: page.domain, timestamp: 1_700_000_000_000, props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } });
    expect(body.eventId).toMatch(/^[A-Za-z0-9]{11}$/);
    stop();
  });

  it('sends nothing when the project has analytics off', async () => {
    const { events, stop } = await forwarder('off');
    events.track('MODAL_OPEN', { connected: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent()).toEqual([]);
    stop();
  });

  it('an event refused with 403 shows Invalid App Configuration, once', async () => {
    const { store, events, stop } = await forwarder('refused');
    let alertsShown = 0;
    store.sub(alertAtom, () => (alertsShown += 1));
    events.track('MODAL_OPEN', { connected: false });
    events.track('MODAL_CLOSE', { connected: false });
    await expect.poll(() => sent().length).toBe(2);
    await expect.poll(() => store.get(alertAtom)?.title).toBe('Invalid App Configuration');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alertsShown).toBe(1);
    stop();
  });
});
