import { describe, expect, it } from '@rstest/core';
import type { PorticoInstance } from '@portico/shell/portico';
import { deferredInstance } from '../src/deferred-instance';

describe('getLogs before and after the shell has loaded', () => {
  it("is empty while the shell loads, then the shell's log", async () => {
    let resolve!: (instance: PorticoInstance) => void;
    const handle = deferredInstance(new Promise<PorticoInstance>((done) => (resolve = done)), {});
    expect(handle.getLogs()).toEqual([]);
    const line = JSON.stringify({ timestamp: '2030-01-01T00:00:00.000Z', level: 'error', message: 'event listener failed' });
    resolve({ getLogs: () => [line], destroy: () => undefined } as unknown as PorticoInstance);
    await handle.ready;
    expect(handle.getLogs()).toEqual([line]);
  });
});
