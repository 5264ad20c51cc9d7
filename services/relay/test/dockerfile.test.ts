// The relay's image (Dockerfile; never built here, as no base image can be pulled): it runs what `pnpm start` runs, as a
// user that is not root, listening where it says, and its HEALTHCHECK passes exactly while the relay serves.
import { describe, expect, it } from '@rstest/core';
import { freePort, installedVersion, readDockerfile, runHealthcheck, runServiceCli, runsAsRoot, startCommand } from '@portico/service-kit/testing';

const PACKAGE = new URL('..', import.meta.url);

describe('Dockerfile', () => {
  it('builds in stages; the runtime stage runs `pnpm start`, through the installed tsx, as a user that is not root', async () => {
    const { stages, final } = await readDockerfile(PACKAGE);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(final.from).toBe('node:20-bookworm-slim');
    expect(runsAsRoot(final.user)).toBe(false);
    expect(final.cmd).toEqual(await startCommand(PACKAGE));
    expect(final.args.TSX_VERSION).toBe(await installedVersion(PACKAGE, 'tsx'));
  });

  it('listens on every interface of the container at the port it exposes', async () => {
    const { final } = await readDockerfile(PACKAGE);
    expect(final.env).toMatchObject({ HOST: '0.0.0.0', PORT: '8787', RELAY_ALLOW_REMOTE: '1' });
    expect(final.expose).toEqual([final.env.PORT]);
  });

  it('HEALTHCHECK requests /health: passes while the relay serves, fails once it stopped', async () => {
    const { final } = await readDockerfile(PACKAGE);
    expect(final.healthcheck?.join(' ')).toContain("'/health'");
    // The image's environment on a free loopback port (the container's 0.0.0.0 is not needed to reach it here).
    const env = { ...final.env, HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'silent' };
    const relay = runServiceCli(PACKAGE, env);
    await relay.waitForStdout(/^ws:\/\/127\.0\.0\.1:\d+$/m);
    try {
      expect(await runHealthcheck(final.healthcheck!, env)).toBe(0);
    } finally {
      expect(await relay.stop()).toBe(0);
    }
    expect(await runHealthcheck(final.healthcheck!, env)).toBe(1);
  });
});
