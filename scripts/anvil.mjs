// Locate and start the anvil binary shipped by the @foundry-rs/anvil npm package.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Path of the real anvil executable (platform package), or of the package's node wrapper. */
export function anvilBinary() {
  const fromDemo = createRequire(join(ROOT, 'demo', 'package.json'));
  const pkgJson = fromDemo.resolve('@foundry-rs/anvil/package.json');
  const fromAnvil = createRequire(pkgJson);
  const platform = { x64: 'amd64', arm64: 'arm64' }[process.arch];
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform];
  if (platform && os) {
    try {
      const platformPkg = fromAnvil.resolve(`@foundry-rs/anvil-${os}-${platform}/package.json`);
      const bin = join(dirname(platformPkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
      if (existsSync(bin)) return { command: bin, args: [] };
    } catch {
      /* fall through to the wrapper */
    }
  }
  return { command: process.execPath, args: [join(dirname(pkgJson), 'bin.mjs')] };
}

export async function rpcChainId(rpcUrl, timeoutMs = 1000) {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = await res.json();
    return typeof json.result === 'string' ? Number.parseInt(json.result, 16) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Start anvil on host:port unless something already answers JSON-RPC there.
 * @returns {Promise<{ rpcUrl: string, chainId: number, reused: boolean, stop: () => void }>}
 */
export async function startAnvil({ host = '127.0.0.1', port = 8545, chainId = 31337 } = {}) {
  const rpcUrl = `http://${host}:${port}`;
  const existing = await rpcChainId(rpcUrl);
  if (existing !== undefined) {
    if (existing !== chainId) console.warn(`[anvil] ${rpcUrl} answers with chain id ${existing}, expected ${chainId}`);
    return { rpcUrl, chainId: existing, reused: true, stop: () => {} };
  }
  const { command, args } = anvilBinary();
  const child = spawn(command, [...args, '--host', host, '--port', String(port), '--chain-id', String(chainId), '--silent'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !exited) {
    if ((await rpcChainId(rpcUrl, 500)) !== undefined) {
      return { rpcUrl, chainId, reused: false, stop: () => !exited && child.kill('SIGTERM') };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!exited) child.kill('SIGTERM');
  throw new Error(`anvil did not answer on ${rpcUrl}`);
}
