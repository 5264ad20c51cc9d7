/**
 * Tests only: a service's CLI run as scripts/services.mjs runs it (`node --import tsx src/main.ts` in the package's
 * directory: one process), with only PATH and the given variables in its environment.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface ServiceCli {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout (the start line; default timeout 20 s); rejects with stderr if the CLI exits first, or kills it if `timeoutMs` passes. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** The same on stderr (a service that logs its start there). */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends SIGTERM (or `signal`) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `<packageDir>/src/main.ts` with the package's tsx loaded into node; `packageDir` as `new URL('..', import.meta.url)` from test/. */
export function runServiceCli(packageDir: URL, env: Record<string, string> = {}): ServiceCli {
  const dir = fileURLToPath(packageDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // 'close', not 'exit': by then stdout and stderr are read to the end.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const waitFor = async (output: () => string, pattern: RegExp, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output());
      if (match) return match;
      if (hasExited) throw new Error(`the CLI exited before printing ${pattern}:\n${stderr}`);
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`the CLI did not print ${pattern} within ${timeoutMs} ms:\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForStdout: (pattern, timeoutMs) => waitFor(() => stdout, pattern, timeoutMs),
    waitForStderr: (pattern, timeoutMs) => waitFor(() => stderr, pattern, timeoutMs),
    async stop(signal = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the CLI until it exits by itself (a bad environment, a refused host): its exit code and output. */
export async function runServiceCliToExit(packageDir: URL, env: Record<string, string> = {}) {
  const cli = runServiceCli(packageDir, env);
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

/**
 * Runs the CLI once per case, all at once, each with its variables over `baseEnv`. `actual` is each case's exit code
 * and stderr (trimmed, lines matching `ignoreLines` dropped); `expected` is exit 2 with the case's message:
 * `expect(actual).toEqual(expected)`.
 */
export async function badEnvironmentExits(
  packageDir: URL,
  cases: ReadonlyArray<readonly [env: Record<string, string>, message: string]>,
  { baseEnv = {}, ignoreLines }: { baseEnv?: Record<string, string>; ignoreLines?: RegExp } = {},
) {
  const actual = await Promise.all(
    cases.map(async ([env]) => {
      const { code, stderr } = await runServiceCliToExit(packageDir, { ...baseEnv, ...env });
      const lines = stderr.split('\n').filter((line) => !ignoreLines?.test(line));
      return { env, code, stderr: lines.join('\n').trim() };
    }),
  );
  return { actual, expected: cases.map(([env, message]) => ({ env, code: 2, stderr: message })) };
}
export { freePort, startAnvil, type TestAnvil } from './anvil';
export { installedVersion, readDockerfile, runHealthcheck, runsAsRoot, startCommand, type Dockerfile, type DockerfileStage } from './dockerfile';
