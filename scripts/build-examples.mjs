// Builds the host examples (examples/*) the way a site would: the host packages (packages/{js,react,wagmi}, built by
// `pnpm build`) are packed into examples/.packs/, and each example installs them from those tarballs with npm (no
// workspace links) and builds with its own tools. `pnpm build` runs this last; e2e serves each example's dist.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const PACKS = join(EXAMPLES, '.packs');
const HOST_PACKAGES = ['js', 'react', 'wagmi'];

// No telemetry: the machine is offline, and a build must not call out.
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, CI: 'true', NEXT_TELEMETRY_DISABLED: '1' } });

rmSync(PACKS, { recursive: true, force: true });
mkdirSync(PACKS, { recursive: true });
for (const name of HOST_PACKAGES) {
  const dir = join(ROOT, 'packages', name);
  run('pnpm', ['pack', '--pack-destination', PACKS], dir);
  // A stable name for the examples' package.json (`file:../.packs/portico-<name>.tgz`), whatever the version.
  const packed = readdirSync(PACKS).find((file) => file.startsWith(`portico-${name}-`) && file.endsWith('.tgz'));
  if (!packed) throw new Error(`pnpm pack wrote no tarball for packages/${name}`);
  renameSync(join(PACKS, packed), join(PACKS, `portico-${name}.tgz`));
}

for (const example of readdirSync(EXAMPLES)) {
  const dir = join(EXAMPLES, example);
  if (!existsSync(join(dir, 'package.json'))) continue;
  // The tarballs change with every build: a fresh install, no lockfile (versions are pinned in package.json).
  rmSync(join(dir, 'node_modules', '@portico'), { recursive: true, force: true });
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], dir);
  run('npm', ['run', 'build'], dir);
}
