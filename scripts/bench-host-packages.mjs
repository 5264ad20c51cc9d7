// `pnpm bench:host`: what Portico's host packages (@portico/js + @portico/react + @portico/wagmi, as installed from their
// tarballs in examples/vite-react-wagmi) add to a Vite + wagmi React app before the first click, against the same app
// without Portico (wagmi's injected connector), both bundled and minified by esbuild in this run. "Before the first
// click" is the entry chunk and every chunk it imports statically; what is import()ed (the MF runtime, which loads
// the shell beside the page) is listed apart. Needs `pnpm build` (it builds the examples). Target: ≤ 12 KiB gz added.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APP = join(ROOT, 'examples', 'vite-react-wagmi');
const TARGET_BYTES = 12 * 1024;
const { build } = await import(pathToFileURL(createRequire(join(ROOT, 'packages', 'js', 'package.json')).resolve('esbuild')).href);

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

async function measure(entry) {
  const outdir = mkdtempSync(join(tmpdir(), 'portico-bench-host-'));
  try {
    const { metafile } = await build({
      entryPoints: [join(ROOT, 'scripts', 'bench-host', entry)],
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      metafile: true,
      jsx: 'automatic',
      platform: 'browser',
      target: 'es2022',
      define: { 'process.env.NODE_ENV': '"production"' },
      nodePaths: [join(APP, 'node_modules')],
      logLevel: 'error',
    });
    const outputs = metafile.outputs;
    // The app's own entry (a dynamic import()'s target is an entry point too).
    const entryOut = Object.keys(outputs).find((file) => outputs[file].entryPoint === `scripts/bench-host/${entry}`);
    const eager = new Set();
    const visit = (file) => {
      if (eager.has(file)) return;
      eager.add(file);
      for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && outputs[imported.path]) visit(imported.path);
    };
    visit(entryOut);
    const all = Object.keys(outputs).filter((file) => file.endsWith('.js'));
    const bytes = (files) => files.reduce((n, file) => n + gz(join(ROOT, file)), 0);
    const resolveOut = (file) => (file.startsWith('/') ? file.slice(ROOT.length) : file);
    return {
      eager: bytes([...eager].map(resolveOut)),
      lazy: bytes(all.filter((file) => !eager.has(file)).map(resolveOut)),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const without = await measure('without-portico.tsx');
const withPortico = await measure('with-portico.tsx');
const added = withPortico.eager - without.eager;
console.log(`Vite + wagmi React app, gzip (level 9), esbuild-minified, same run
| build | before the first click | import()ed later |
| --- | ---: | ---: |
| without Portico (wagmi injected) | ${kib(without.eager)} | ${kib(without.lazy)} |
| with @portico/js + react + wagmi | ${kib(withPortico.eager)} | ${kib(withPortico.lazy)} |
| added by Portico | ${kib(added)} (${((withPortico.eager / without.eager) * 100).toFixed(0)} % of the app without it) | ${kib(withPortico.lazy - without.lazy)} |
target: ≤ ${kib(TARGET_BYTES)} added before the first click → ${added <= TARGET_BYTES ? 'met' : 'NOT MET'}`);
