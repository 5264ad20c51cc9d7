// Start the real anvil binary from @foundry-rs/anvil on a free 127.0.0.1 port.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

export function anvilBinaryPath(): string {
  if (process.env.PORTICO_ANVIL_BIN) return process.env.PORTICO_ANVIL_BIN;
  const require = createRequire(join(process.cwd(), 'package.json'));
  const wrapperPkg = require.resolve('@foundry-rs/anvil/package.json');
  const platformPkg = `@foundry-rs/anvil-${process.platform}-${ARCH[process.arch] ?? process.arch}`;
  const fromWrapper = createRequire(wrapperPkg);
  const pkgJson = fromWrapper.resolve(`${platformPkg}/package.json`);
  const bin = join(dirname(pkgJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}`);
  return bin;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Anvil {
  rpcUrl: string;
  stop(): Promise<void>;
}

export async function startAnvil(extraArgs: string[] = []): Promise<Anvil> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(anvilBinaryPath(), ['--host', '127.0.0.1', '--port', String(port), '--silent', ...extraArgs], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-2000)));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    let dead = false;
    void exited.then(() => (dead = true));
    const rpcUrl = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (dead) return;
      child.kill('SIGTERM');
      await exited;
    };
    const deadline = Date.now() + 15_000;
    while (!dead && Date.now() < deadline) {
      try {
        const res = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        });
        if (res.ok) return { rpcUrl, stop };
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await stop();
    if (attempt < 2 && /address already in use|os error 98/i.test(stderr)) continue;
    throw new Error(`anvil did not start on ${rpcUrl}: ${stderr}`);
  }
}
