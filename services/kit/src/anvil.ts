/**
 * Tests only: the real anvil (from @foundry-rs/anvil's platform package) on a free 127.0.0.1 port, one
 * per test file, so services' tests never share a chain. `PORTICO_ANVIL_BIN` points at another binary.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

/** A free TCP port on 127.0.0.1 (closed again before it is returned: bind it soon). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const ARCHES: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

function anvilBinaryPath(): string {
  if (process.env.PORTICO_ANVIL_BIN) return process.env.PORTICO_ANVIL_BIN;
  const wrapper = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'));
  const platformPackage = wrapper.resolve(`@foundry-rs/anvil-${process.platform}-${ARCHES[process.arch] ?? process.arch}/package.json`);
  const binary = join(dirname(platformPackage), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary not found at ${binary}`);
  return binary;
}

export interface TestAnvil {
  rpcUrl: string;
  port: number;
  chainId: number;
  stop(): Promise<void>;
}

/** How long anvil may take to answer eth_chainId after it was spawned. */
const START_TIMEOUT_MS = 20_000;

/**
 * Starts anvil and resolves once it answers JSON-RPC; a port taken between choosing and binding it is
 * retried twice with another port.
 *
 * @example
 * const anvil = await startAnvil({ chainId: 31337 });
 * afterAll(() => anvil.stop());
 */
export async function startAnvil({ chainId = 31337, extraArgs = [] }: { chainId?: number; extraArgs?: string[] } = {}): Promise<TestAnvil> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(anvilBinaryPath(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent', ...extraArgs], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let running = true;
    void exited.then(() => (running = false));
    const rpcUrl = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (!running) return;
      child.kill('SIGTERM');
      await exited;
    };
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (running && Date.now() < deadline) {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
          signal: AbortSignal.timeout(500),
        });
        if (response.ok) return { rpcUrl, port, chainId, stop };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop();
    if (attempt < 2 && /address already in use|os error 98/i.test(stderr)) continue;
    throw new Error(`anvil did not answer on ${rpcUrl} within ${START_TIMEOUT_MS / 1000} s: ${stderr}`);
  }
}
