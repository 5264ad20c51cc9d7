import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ENV_FILE } from './fixtures/env.ts';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__porticoE2E;
  globalThis.__porticoE2E = undefined;
  if (running) {
    await running.stop();
  } else if (existsSync(ENV_FILE)) {
    // Setup ran in another module instance: stop anvil by the pid it recorded (only that pid).
    const { anvilPid } = JSON.parse(readFileSync(ENV_FILE, 'utf8')) as { anvilPid?: number };
    if (anvilPid) {
      try {
        process.kill(anvilPid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  rmSync(ENV_FILE, { force: true });
}
