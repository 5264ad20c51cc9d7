/** anvil (the real binary from @foundry-rs/anvil) on a free 127.0.0.1 port, for the tests. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The anvil binary of @foundry-rs/anvil's platform package (PORTICO_ANVIL_BIN overrides). */
function anvilBinary(): string {
  if (process.env.PORTICO_ANVIL_BIN) return process.env.PORTICO_ANVIL_BIN;
  const wrapper = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'));
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string] ?? process.arch;
  const platformPackage = wrapper.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  const binary = join(dirname(platformPackage), 'bin', 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary not found at ${binary}`);
  return binary;
}

export interface Anvil {
  rpcUrl: string;
  stop(): Promise<void>;
}

export async function startAnvil(): Promise<Anvil> {
  const port = await freePort();
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--silent'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) return { rpcUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`anvil did not answer on ${rpcUrl} within 20 s`);
}
