/**
 * Tests only: the one test every service image gets (services/<name>/test/dockerfile.test.ts). The image is never
 * built here (no base image can be pulled), so the suite checks what can be checked: it is built in stages, its
 * runtime stage runs `pnpm start`'s command through the installed tsx as a user that is not root, on every interface
 * at the port it exposes, with the environment the service needs there; and its HEALTHCHECK passes exactly while the
 * service, started with the image's own environment, serves.
 */
import { describe, expect, it } from '@rstest/core';
import { freePort, installedVersion, readDockerfile, runHealthcheck, runServiceCli, runsAsRoot, startCommand, type ServiceCli } from './testing';

export interface ServiceImage {
  /** `new URL('..', import.meta.url)` from the package's test/. */
  packageDir: URL;
  /** What the image's ENV must hold besides HOST 0.0.0.0 (PORT, the mode, …). */
  env: Record<string, string>;
  /** The route its HEALTHCHECK requests. */
  healthPath: string;
  /** What running it here changes in the image's environment besides the loopback host and a free port, and why. */
  localEnv?: Record<string, string>;
  /** Resolves once the started service serves (its start line). */
  ready(cli: ServiceCli): Promise<unknown>;
  timeoutMs?: number;
}

export function describeServiceImage(image: ServiceImage): void {
  const { packageDir, healthPath } = image;
  describe('Dockerfile', () => {
    it('builds in stages; the runtime stage runs `pnpm start`, through the installed tsx, as a user that is not root', async () => {
      const { stages, final } = await readDockerfile(packageDir);
      expect(stages.length).toBeGreaterThanOrEqual(2);
      expect(final.from).toBe('node:20-bookworm-slim');
      expect(runsAsRoot(final.user)).toBe(false);
      expect(final.cmd).toEqual(await startCommand(packageDir));
      expect(final.args.TSX_VERSION).toBe(await installedVersion(packageDir, 'tsx'));
    });

    it('listens on every interface of the container at the port it exposes, with its own environment', async () => {
      const { final } = await readDockerfile(packageDir);
      expect(final.env).toMatchObject({ ...image.env, HOST: '0.0.0.0' });
      expect(final.expose).toEqual([final.env.PORT]);
    });

    it(`HEALTHCHECK requests ${healthPath}: passes while the service serves, fails once it stopped`, async () => {
      const { final } = await readDockerfile(packageDir);
      expect(final.healthcheck?.join(' ')).toContain(`'${healthPath}'`);
      // A free loopback port: the container's 0.0.0.0 is not needed to reach it here.
      const env = { ...final.env, ...image.localEnv, HOST: '127.0.0.1', PORT: String(await freePort()) };
      const service = runServiceCli(packageDir, env);
      await image.ready(service);
      try {
        expect(await runHealthcheck(final.healthcheck!, env)).toBe(0);
      } finally {
        expect(await service.stop()).toBe(0);
      }
      expect(await runHealthcheck(final.healthcheck!, env)).toBe(1);
    }, image.timeoutMs);
  });
}
