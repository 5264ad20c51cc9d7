import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Address, Hex } from 'viem';
import { z } from 'zod';
import { ENTRY_POINT_07 } from './addresses';
import { BUNDLER_RPC_METHODS, endpointUrl, startGateway, type AllowedOrigins } from './gateway';

export const DEFAULT_BUNDLER_PORT = 4337;
export const DEFAULT_READY_TIMEOUT_MS = 60_000;
/** How long stop() waits after SIGTERM before SIGKILL. */
export const STOP_GRACE_MS = 3_000;
/** Characters of Alto's output kept for error messages. */
const OUTPUT_TAIL_CHARS = 4_000;
const READY_POLL_MS = 200;

export type AltoLogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

export interface StartBundlerOptions {
  /** The node's JSON-RPC URL. */
  rpcUrl: string;
  /** Where the bundler's endpoint (the gateway in front of Alto) listens (default 127.0.0.1). */
  host?: string;
  port?: number;
  /** Send the bundles; each needs ETH on the chain. */
  executorPrivateKeys: readonly Hex[];
  /** Deploys Alto's simulation contracts at start and refills the executors. */
  utilityPrivateKey: Hex;
  entryPoints?: readonly Address[];
  /**
   * Enforce the ERC-7562 validation rules (default true). They need `debug_traceCall` with Alto's
   * JavaScript tracer, which anvil does not run: pass false on the devchain.
   */
  safeMode?: boolean;
  /** Browser origins the endpoint answers (CORS); default none: requests that carry an Origin are refused. */
  allowedOrigins?: AllowedOrigins;
  /** Block time in ms Alto assumes, which also sets how often it polls the node (default 1000). */
  blockTimeMs?: number;
  logLevel?: AltoLogLevel;
  /** Receives Alto's output, line by line. */
  log?: (line: string) => void;
  /** Limit for Alto to start answering eth_supportedEntryPoints (default 60 s). */
  readyTimeoutMs?: number;
}

export interface RunningBundler {
  /** The JSON-RPC endpoint, e.g. http://127.0.0.1:4337/rpc */
  url: string;
  /** Alto's process. */
  pid: number;
  /** Settles when Alto's process ends (after stop(), or on its own). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export class BundlerStartError extends Error {
  override name = 'BundlerStartError';
}

/** Alto's port was taken by another process before Alto listened on it (startBundler tries another port). */
class AltoPortTakenError extends BundlerStartError {}
const ALTO_PORT_ATTEMPTS = 3;

const requireFromHere = createRequire(import.meta.url);
const altoCli = join(dirname(requireFromHere.resolve('@pimlico/alto')), 'cli', 'alto.js');
const listenHostPreload = fileURLToPath(new URL('./alto-listen-host.mjs', import.meta.url));

const supportedEntryPointsReply = z.object({ result: z.array(z.string()) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Binds host:port and lets it go again: the port given when it is free (0: one the system picks), else a clear
 * error before Alto is started (or another process on the port is mistaken for ours).
 */
function probePort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BundlerStartError(
          error.code === 'EADDRINUSE' ? `Port ${port} on ${host} is already in use` : `Cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen({ host, port, exclusive: true }, () => {
      const bound = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(bound));
    });
  });
}

async function supportedEntryPoints(url: string): Promise<string[] | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const reply = supportedEntryPointsReply.safeParse(await response.json());
    return reply.success ? reply.data.result : undefined;
  } catch {
    return undefined; // not listening yet
  }
}

/** Where Alto itself listens: loopback only; the gateway (src/gateway.ts) is the bundler's endpoint. */
const ALTO_HOST = '127.0.0.1';
const NO_ORIGINS: AllowedOrigins = { origins: [], loopback: false };

/**
 * Runs Pimlico's Alto (ERC-4337 bundler) as a child process against the node at `rpcUrl`, on a loopback port of
 * its own, and once it answers eth_supportedEntryPoints with every entry point it was given, starts the gateway
 * on host:port in front of it (the gas-price floor, the method and origin allow-lists: src/gateway.ts).
 */
export async function startBundler(options: StartBundlerOptions): Promise<RunningBundler> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? DEFAULT_BUNDLER_PORT;
  const entryPoints = options.entryPoints ?? [ENTRY_POINT_07];
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  if (options.executorPrivateKeys.length === 0) throw new BundlerStartError('At least one executor private key is required');

  await probePort(host, port);
  // Alto's port is free when probed but not held until Alto listens, so another process may take it first; Alto then
  // starts again on another port, at most ALTO_PORT_ATTEMPTS times.
  let alto: Awaited<ReturnType<typeof launchAlto>> | undefined;
  for (let attempt = 1; !alto; attempt++) {
    let altoPort = await probePort(ALTO_HOST, 0);
    // The gateway's port is free but not yet held, so the system may offer the same one again: Alto must not take it.
    while (altoPort === port) altoPort = await probePort(ALTO_HOST, 0);
    try {
      alto = await launchAlto(altoPort);
    } catch (error) {
      if (!(error instanceof AltoPortTakenError) || attempt >= ALTO_PORT_ATTEMPTS) throw error;
    }
  }
  const { child, exited, exitOf, stopAlto, altoUrl } = alto;

  /** Starts Alto on `altoPort` and resolves once it serves every entry point. */
  async function launchAlto(altoPort: number) {
    const args = [
      '--import',
      listenHostPreload,
      altoCli,
      '--entrypoints',
      entryPoints.join(','),
      '--rpc-url',
      options.rpcUrl,
      '--port',
      String(altoPort),
      '--safe-mode',
      String(options.safeMode ?? true),
      '--block-time',
      String(options.blockTimeMs ?? 1_000),
      '--log-level',
      options.logLevel ?? 'info',
      // API version v2 only (also for /rpc): v1 skips the gas-price floor and the preVerificationGas check.
      '--api-version',
      'v2',
      '--default-api-version',
      'v2',
      // The gateway's allow-list again, so Alto's own port serves no more than the gateway does.
      '--rpc-methods',
      BUNDLER_RPC_METHODS.join(','),
      // The utility key deploys EntryPointSimulations / PimlicoSimulations through the deterministic
      // deployer when they are missing (gas estimation needs them): nothing to ship or pin ourselves.
      '--deploy-simulations-contract',
      'true',
    ];
    const child = spawn(process.execPath, args, {
      // A clean environment: Alto reads any ALTO_* variable as an option and loads ./.env (dotenv);
      // only what is set here reaches it. The keys go by environment, not argv (visible in `ps`).
      env: {
        PATH: process.env.PATH ?? '',
        DOTENV_CONFIG_PATH: '/dev/null',
        NO_COLOR: '1',
        PORTICO_BUNDLER_LISTEN_HOST: ALTO_HOST,
        ALTO_EXECUTOR_PRIVATE_KEYS: options.executorPrivateKeys.join(','),
        ALTO_UTILITY_PRIVATE_KEY: options.utilityPrivateKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

    let outputTail = '';
    let partialLine = '';
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      outputTail = (outputTail + text).slice(-OUTPUT_TAIL_CHARS);
      if (!options.log) return;
      const lines = (partialLine + text).split('\n');
      partialLine = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') options.log(line);
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);

    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let spawnError: Error | undefined;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        exit = { code, signal };
        resolve();
      });
    });
    child.once('error', (error) => (spawnError = error));

    const stopAlto = async () => {
      if (exit || child.pid === undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    };

    const url = endpointUrl(host, port);
    const altoUrl = endpointUrl(ALTO_HOST, altoPort);
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (spawnError) throw new BundlerStartError(`The bundler (Alto) could not be started: ${spawnError.message}`);
      if (exit) {
        // Another process took the port between the probe and Alto's listen: the caller starts Alto on another one.
        if (outputTail.includes('EADDRINUSE')) throw new AltoPortTakenError(`Port ${altoPort} was taken before Alto listened on it`);
        throw new BundlerStartError(
          `The bundler (Alto) exited (code ${exit.code}, signal ${exit.signal}) before it was ready on ${url}:\n${outputTail}`,
        );
      }
      const answered = await supportedEntryPoints(altoUrl);
      const missing = answered && entryPoints.filter((address) => !answered.some((a) => a.toLowerCase() === address.toLowerCase()));
      if (missing && missing.length === 0) break;
      if (missing) {
        await stopAlto();
        throw new BundlerStartError(`The bundler on ${url} does not support entry point ${missing.join(', ')}`);
      }
      if (Date.now() >= deadline) {
        await stopAlto();
        throw new BundlerStartError(`The bundler (Alto) was not ready on ${url} after ${readyTimeoutMs} ms:\n${outputTail}`);
      }
      await sleep(READY_POLL_MS);
    }
    return { child, exited, exitOf: () => exit!, stopAlto, altoUrl };
  }

  const allowedOrigins = options.allowedOrigins ?? NO_ORIGINS;
  const gateway = await startGateway({ host, port, upstreamUrl: altoUrl, allowedOrigins, log: options.log }).catch(async (error: Error) => {
    await stopAlto();
    throw new BundlerStartError(`The bundler's endpoint could not listen on ${host}:${port}: ${error.message}`);
  });
  return {
    url: gateway.url,
    pid: child.pid!,
    exited: exited.then(exitOf),
    stop: async () => {
      await gateway.stop();
      await stopAlto();
    },
  };
}
