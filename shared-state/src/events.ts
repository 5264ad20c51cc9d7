import { logs } from './log-buffer';

/** AppKit-compatible event envelope, so analytics code ports unchanged. */
export interface PorticoEvent {
  timestamp: number;
  data: { type: 'track'; event: PorticoEventName; properties?: Record<string, unknown> };
}

export type PorticoEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_NETWORK'
  | 'SET_PREFERRED_ACCOUNT_TYPE'
  | 'REMOTE_LOAD_ERROR'
  | 'SEND_INITIATED'
  | 'SEND_SUCCESS'
  | 'SEND_ERROR'
  | 'SIWX_AUTH_SUCCESS'
  | 'SIWX_AUTH_ERROR'
  | 'CLICK_CANCEL_SIWX';

export interface EventBus {
  track(event: PorticoEventName, properties?: Record<string, unknown>): void;
  subscribe(listener: (event: PorticoEvent) => void): () => void;
}

export function createEventBus(now: () => number = Date.now): EventBus {
  const listeners = new Set<(event: PorticoEvent) => void>();
  return {
    track(event, properties) {
      const envelope: PorticoEvent = { timestamp: now(), data: { type: 'track', event, properties } };
      for (const listener of listeners) {
        try {
          listener(envelope);
        } catch (error) {
          // A host listener that throws must not break the modal.
          logs.error('event listener failed', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
