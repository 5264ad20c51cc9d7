// What @portico/js and @portico/react publish, built the same way: ESM bundles of their entries (the shell's
// sources they use bundled in; dependencies and peers stay imports) and one bundled .d.ts per entry, with the
// shell's types inlined through the package's tsconfig.build.json paths (the shell and shared-state are not
// published). Run from the package's folder.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// esbuild is each package's devDependency: resolved from the package being built.
const { build } = await import(pathToFileURL(createRequire(join(process.cwd(), 'package.json')).resolve('esbuild')).href);

/**
 * @param {{ entries: string[], external: string[], define?: Record<string, string>, ownDeclarations?: Record<string, string> }} options
 * `ownDeclarations`: entries whose declaration is written as given instead of bundled (name → text).
 */
export async function buildPackage({ entries, external, define = {}, ownDeclarations = {} }) {
  rmSync('dist', { recursive: true, force: true });
  await build({
    entryPoints: entries.map((name) => `src/${name}.ts`),
    outdir: 'dist',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    splitting: true,
    jsx: 'automatic',
    chunkNames: 'chunks/[name]-[hash]',
    external,
    define,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const bundled = entries.filter((name) => !(name in ownDeclarations));
  const config = {
    compilationOptions: { preferredConfigPath: join(process.cwd(), 'tsconfig.build.json') },
    entries: bundled.map((name) => ({
      filePath: join(process.cwd(), 'src', `${name}.ts`),
      outFile: join(process.cwd(), 'dist', `${name}.d.ts`),
      noCheck: true,
      output: { exportReferencedTypes: false, noBanner: true },
    })),
  };
  writeFileSync('dist/dts.config.json', JSON.stringify(config));
  execFileSync('npx', ['dts-bundle-generator', '--silent', '--config', 'dist/dts.config.json'], { stdio: 'inherit' });
  rmSync('dist/dts.config.json');
  for (const [name, text] of Object.entries(ownDeclarations)) writeFileSync(`dist/${name}.d.ts`, text);
}
