import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createServer, type Server } from 'node:net';
import { DEV_BUNDLER_KEYS, startBundler } from '../src/index';
import { freePort, startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

describe('startBundler limits', () => {
  it('refuses a port that is already taken, before starting Alto', async () => {
    const taken: Server = createServer();
    const port = await new Promise<number>((resolve) => taken.listen(0, '127.0.0.1', () => resolve((taken.address() as { port: number }).port)));
    try {
      await expect(startBundler({ rpcUrl: anvil.rpcUrl, port, ...DEV_BUNDLER_KEYS })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      taken.close();
    }
  });

  it('gives up after readyTimeoutMs with a clear error, and stops Alto', async () => {
    const port = await freePort();
    await expect(startBundler({ rpcUrl: anvil.rpcUrl, port, readyTimeoutMs: 300, ...DEV_BUNDLER_KEYS })).rejects.toThrow(
      `The bundler (Alto) was not ready on http://127.0.0.1:${port}/rpc after 300 ms`,
    );
    // Stopped, not left to start later: the port stays free.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const probe = createServer();
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', () => probe.close(() => resolve())));
  });

  it('reports Alto exiting before it was ready, with its output', async () => {
    const closedRpcUrl = `http://127.0.0.1:${await freePort()}`;
    await expect(
      startBundler({ rpcUrl: closedRpcUrl, port: await freePort(), readyTimeoutMs: 45_000, ...DEV_BUNDLER_KEYS }),
    ).rejects.toThrow(/The bundler \(Alto\) exited \(code \d+, signal null\) before it was ready/);
  }, 60_000);

  it('needs at least one executor key', async () => {
    await expect(
      startBundler({ rpcUrl: anvil.rpcUrl, executorPrivateKeys: [], utilityPrivateKey: DEV_BUNDLER_KEYS.utilityPrivateKey }),
    ).rejects.toThrow('At least one executor private key is required');
  });
});
