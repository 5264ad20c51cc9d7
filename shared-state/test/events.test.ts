import { describe, expect, it, rs } from '@rstest/core';
import { type PorticoEvent } from '../src/index';
import { createEventBus } from '../src/events';

describe('event bus', () => {
  it('delivers the AppKit-style envelope', () => {
    const bus = createEventBus(() => 1234);
    const received: PorticoEvent[] = [];
    bus.subscribe((event) => received.push(event));
    bus.track('MODAL_OPEN', { connected: false });
    bus.track('DISCONNECT_SUCCESS');
    expect(received).toEqual([
      { timestamp: 1234, data: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } },
      { timestamp: 1234, data: { type: 'track', event: 'DISCONNECT_SUCCESS', properties: undefined } },
    ]);
  });

  it('uses Date.now by default', () => {
    const before = Date.now();
    const bus = createEventBus();
    let timestamp = 0;
    bus.subscribe((event) => (timestamp = event.timestamp));
    bus.track('SELECT_WALLET');
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createEventBus();
    const listener = rs.fn();
    const unsubscribe = bus.subscribe(listener);
    bus.track('MODAL_OPEN');
    unsubscribe();
    bus.track('MODAL_CLOSE');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a throwing listener does not break the others', () => {
    const bus = createEventBus();
    const consoleError = rs.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = rs.fn();
    bus.subscribe(() => {
      throw new Error('host bug');
    });
    bus.subscribe(after);
    expect(() => bus.track('CONNECT_SUCCESS')).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
