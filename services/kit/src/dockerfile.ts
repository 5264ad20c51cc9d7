/**
 * Tests only: a service's image (`services/<name>/Dockerfile`) read as far as its test checks it, beside the start
 * command its package.json declares. The machines here cannot pull base images, so the image is never built: its test
 * checks that it runs `pnpm start`'s command as a user that is not root, and runs its HEALTHCHECK against the service.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export interface DockerfileStage {
  /** The FROM line's image (its `AS <name>` aside). */
  from: string;
  /** ARG defaults, ENV values, EXPOSEd ports, the last USER, HEALTHCHECK and CMD, as Docker reads them. */
  args: Record<string, string>;
  env: Record<string, string>;
  expose: string[];
  user?: string;
  /** The check's command (a shell form becomes `/bin/sh -c …`, as Docker runs it); its options aside. */
  healthcheck?: string[];
  cmd?: string[];
}

export interface Dockerfile {
  stages: DockerfileStage[];
  /** The stage the image is made of: the last. */
  final: DockerfileStage;
}

const execForm = z.array(z.string()).min(1);

/** `["a", "b"]` (exec form) as is; anything else as the shell Docker hands it to. */
function command(text: string): string[] {
  if (text.startsWith('[')) {
    try {
      return execForm.parse(JSON.parse(text));
    } catch {
      // Docker, too, runs a line that is not a JSON array of strings through the shell.
    }
  }
  return ['/bin/sh', '-c', text];
}

/** `K=V K2="V 2"` (or the old `K V`). */
function assignments(text: string): Record<string, string> {
  if (!text.includes('=')) {
    const [key, ...value] = text.split(/\s+/);
    return { [key!]: value.join(' ') };
  }
  const out: Record<string, string> = {};
  for (const [, key, quoted, bare] of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(?:"((?:[^"\\]|\\.)*)"|(\S*))/g)) out[key!] = quoted ?? bare ?? '';
  return out;
}

/** Parses `<packageDir>/Dockerfile` (`packageDir` as `new URL('..', import.meta.url)` from test/). */
export async function readDockerfile(packageDir: URL): Promise<Dockerfile> {
  const text = await readFile(new URL('Dockerfile', packageDir), 'utf8');
  // Comment lines go first (Docker drops them inside a continued instruction too), then continuations join.
  const lines = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: DockerfileStage[] = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = keyword.toUpperCase();
    if (instruction === 'FROM') {
      stages.push({ from: rest.split(/\s+/).find((word) => !word.startsWith('--'))!, args: {}, env: {}, expose: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue; // ARGs before the first FROM only parameterize FROM lines
    if (instruction === 'ARG') Object.assign(stage.args, assignments(rest));
    else if (instruction === 'ENV') Object.assign(stage.env, assignments(rest));
    else if (instruction === 'EXPOSE') stage.expose.push(...rest.split(/\s+/));
    else if (instruction === 'USER') stage.user = rest;
    else if (instruction === 'CMD') stage.cmd = command(rest);
    else if (instruction === 'HEALTHCHECK') {
      const check = /^(?:--\S+\s+)*CMD\s+(.*)$/i.exec(rest);
      stage.healthcheck = check ? command(check[1]!) : undefined; // HEALTHCHECK NONE
    }
  }
  if (stages.length === 0) throw new Error(`${fileURLToPath(new URL('Dockerfile', packageDir))}: no FROM`);
  return { stages, final: stages.at(-1)! };
}

/** Whether a USER line leaves the container root: none at all, `root` or uid 0 (with any group). */
export function runsAsRoot(user: string | undefined): boolean {
  return user === undefined || /^(root|0)(:|$)/.test(user);
}

/** The package.json `start` script as the words it runs (`tsx src/main.ts` → ['tsx', 'src/main.ts']). */
export async function startCommand(packageDir: URL): Promise<string[]> {
  const { scripts } = z
    .object({ scripts: z.object({ start: z.string().min(1) }) })
    .parse(JSON.parse(await readFile(new URL('package.json', packageDir), 'utf8')));
  return scripts.start.trim().split(/\s+/);
}

/** The version of `name` installed for the package (from the lockfile). */
export async function installedVersion(packageDir: URL, name: string): Promise<string> {
  const { version } = z.object({ version: z.string() }).parse(JSON.parse(await readFile(new URL(`node_modules/${name}/package.json`, packageDir), 'utf8')));
  return version;
}

/** Runs a HEALTHCHECK's command here, with only PATH and `env` (the container's variables), to its exit code. */
export function runHealthcheck(check: readonly string[], env: Record<string, string>): Promise<number | null> {
  const [file, ...args] = check;
  return new Promise((resolve, reject) => {
    const child = spawn(file!, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
}
