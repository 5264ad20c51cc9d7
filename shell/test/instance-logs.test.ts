import { stopTestCores, testCore } from '@portico/test-kit';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { createInstance } from '../src/instance';

afterEach(stopTestCores);

const entries = (lines: string[]) => lines.map((line) => JSON.parse(line) as { level: string; message: string; details?: unknown });

describe('Portico instance API: getLogs (spec §9 log buffer)', () => {
  it("hands the host the modal's own log: errors (also on the console) and what stayed off the console", async () => {
    const { core, adapter } = await testCore({ connect: true });
    const instance = createInstance(core, () => undefined);
    const consoleError = rs.spyOn(console, 'error').mockImplementation(() => undefined);
    const consoleWarn = rs.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      instance.subscribeEvents(() => {
        throw new Error('host listener broke');
      });
      core.events.track('MODAL_OPEN');
      adapter.getNativeBalance = async () => {
        throw new Error('node down');
      };
      await instance.fetchBalance();

      const logged = entries(instance.getLogs());
      expect(logged.at(-2)).toMatchObject({ level: 'error', message: 'event listener failed', details: { message: 'host listener broke' } });
      expect(logged.at(-1)).toMatchObject({ level: 'warn', message: 'the native balance could not be read', details: { message: 'node down' } });
      // The default level is error: the warning stays in the log only.
      expect(consoleError).toHaveBeenCalledWith('[portico] event listener failed', expect.any(Error));
      expect(consoleWarn).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      consoleWarn.mockRestore();
    }
  });
});
