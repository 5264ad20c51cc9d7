import * as z from 'zod/mini';
import type { Store } from 'jotai/vanilla';
import { apiUrl, type ApiContext } from '../api/client';
import { HttpRequestError, requestJson } from '../api/http';
import { alertAtom } from '../atoms';
import type { EventBus, PorticoEvent } from '../events';

/** Spec section 9: random ids are 11 characters. */
const RANDOM_ID_LENGTH = 11;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomId(length = RANDOM_ID_LENGTH): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() });
const acceptedSchema = z.unknown();

/**
 * Forwards modal events to the project's analytics, only when the host kept the `analytics`
 * feature on AND the project enabled it. Nothing is sent before that answer arrives. Each event is
 * sent from a task of its own: `MODAL_OPEN` is tracked inside the click that opens the modal, whose
 * frame should not pay for a request.
 * Returns a function that stops forwarding.
 */
export async function startAnalytics(deps: {
  store: Store;
  api: ApiContext;
  events: EventBus;
  page: { url: string; domain: string };
}): Promise<() => void> {
  const { store, api, events, page } = deps;
  let config: z.infer<typeof analyticsConfigSchema>;
  try {
    config = await requestJson({
      url: apiUrl(api, `v1/projects/${encodeURIComponent(api.projectId)}/analytics-config`),
      schema: analyticsConfigSchema,
      fetch: api.fetch,
    });
  } catch {
    return () => undefined;
  }
  if (!config.isAnalyticsEnabled) return () => undefined;
  let alerted = false;
  return events.subscribe((event) => {
    setTimeout(() => send(event), 0);
  });

  function send(event: PorticoEvent) {
    void requestJson({
      url: apiUrl(api, 'v1/analytics/events'),
      method: 'POST',
      schema: acceptedSchema,
      fetch: api.fetch,
      body: { eventId: randomId(), url: page.url, domain: page.domain, timestamp: event.timestamp, props: event.data },
    }).catch((error: unknown) => {
      // Spec section 8: an analytics call answered 403 shows Invalid App Configuration, once.
      if (!alerted && error instanceof HttpRequestError && error.status === 403) {
        alerted = true;
        store.set(alertAtom, {
          title: 'Invalid App Configuration',
          message: 'The Portico API refused this site’s analytics: check the project id and allowed origins',
        });
      }
    });
  }
}
