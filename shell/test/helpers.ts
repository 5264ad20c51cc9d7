import type { PorticoCore } from '@portico/shared-state';
import { testCore } from '@portico/test-kit';

/** Remote addresses where nothing listens: the shell's tests never render a remote view through them. */
export const unreachableRemotes = { connect: 'http://127.0.0.1:1/remoteEntry.js', account: 'http://127.0.0.1:1/remoteEntry.js' };

/** The test kit's core (fake adapter, not started) with the remotes the shell's options need. */
export async function shellCore(options: Record<string, unknown> = {}): Promise<PorticoCore> {
  return (await testCore({ start: false, options: { remotes: unreachableRemotes, ...options } })).core;
}
