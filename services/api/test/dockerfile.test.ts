// The API's image (Dockerfile; never built here, as no base image can be pulled): it runs what `pnpm start` runs, as a
// user that is not root, in production mode, and its HEALTHCHECK passes exactly while the API serves.
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

  it('runs in production mode, on every interface of the container at the port it exposes', async () => {
    const { final } = await readDockerfile(PACKAGE);
    expect(final.env).toMatchObject({ PORTICO_API_MODE: 'production', HOST: '0.0.0.0', PORT: '8788' });
    expect(final.expose).toEqual([final.env.PORT]);
  });

  it('HEALTHCHECK requests /healthz: passes while the API serves, fails once it stopped', async () => {
    const { final } = await readDockerfile(PACKAGE);
    expect(final.healthcheck?.join(' ')).toContain("'/healthz'");
    // Production needs PostgreSQL (main.test.ts runs it when the suite has one); the route is the same on the embedded
    // PGlite of development mode. A free loopback port: the container's 0.0.0.0 is not needed to reach it here.
    const env = { ...final.env, PORTICO_API_MODE: 'development', HOST: '127.0.0.1', PORT: String(await freePort()) };
    const api = runServiceCli(PACKAGE, env);
    await api.waitForStderr(/"msg":"api listening"/, 100_000);
    try {
      expect(await runHealthcheck(final.healthcheck!, env)).toBe(0);
    } finally {
      expect(await api.stop()).toBe(0);
    }
    expect(await runHealthcheck(final.healthcheck!, env)).toBe(1);
  }, 120_000);
});
