// `pnpm bench:size`: build, then report gzip sizes (node zlib, level 9) of what each kind of page loads.
// Which files count is decided from <dist>/build-report.json (written by pluginBuildReport in
// scripts/rsbuild-shared.ts from rspack stats): every chunk with its files, origins and consumes.
//   - an origin "container entry" = the chunk is part of an exposed module's chunk group (loads with it);
//   - origins "provide/consume shared module NAME@…" only = the chunk is a shared module's own copy
//     (loaded only when this build's copy is the one picked from the share scope; consume-only
//     fallbacks never load, since the build also provides the module);
//   - any other origin = a dynamic import() in the code (loads on demand);
//   - consumes = the shares the chunk's consume-shared modules take from the share scope when it loads: row (b)
//     follows them from ./portico's chunks to the shell's copies the page fetches with it.
// `--no-build` (or PORTICO_SKIP_BUILD=1) measures the existing dist; `--files` lists the files counted;
// `--modules` lists what each row's chunks are made of (packages and source files, by bytes of source before
// minification: a guide to what to cut, not gzip bytes).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;
const APPKIT_BYTES = 764 * 1024; // AppKit's initial load, 764 KiB gz (the figure we compare against)
// Issue 33: what loads before the page's load event (the critical path); the idle prefetch after it has no budget.
const TARGETS = { plain: 105 * KB, mfHost: 40 * KB };
// What any React host already provides (demo/rsbuild.config.ts shares them, eager): the shell consumes the host's
// copies, so its own never load in a React MF host.
const REACT_HOST_PROVIDES = new Set(['react', 'react-dom', 'react-dom/client']);
// The UI kit: a shared singleton the shell provides, but loaded only with the first remote view
// (the shell import()s it then, and remotes consume it); never before the first click.
const UI_KIT = '@portico/ui';

const USAGE = `pnpm bench:size [--no-build] [--files] [--modules]
  --no-build  measure the existing dists (also PORTICO_SKIP_BUILD=1); default: pnpm build first
  --files     list the files each row counts
  --modules   list what each row's chunks are made of (bytes of source before minification)`;
const KNOWN_FLAGS = new Set(['--no-build', '--files', '--modules', '--help', '-h']);
const unknown = process.argv.slice(2).find((arg) => !KNOWN_FLAGS.has(arg));
if (unknown || process.argv.includes('--help') || process.argv.includes('-h')) {
  if (unknown) console.error(`bench:size: unknown option ${unknown}`);
  console.log(USAGE);
  process.exit(unknown ? 2 : 0);
}
const verbose = process.argv.includes('--files');
const listModules = process.argv.includes('--modules');
const MODULES_LISTED = 8;
if (!(process.argv.includes('--no-build') || process.env.PORTICO_SKIP_BUILD === '1')) {
  const r = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) {
    console.error('bench:size: pnpm build failed');
    process.exit(r.status ?? 1);
  }
}

const gz = new Map();
function gzipBytes(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gz.get(file);
}
const sum = (dir, files) => [...new Set(files)].reduce((n, f) => n + gzipBytes(join(dir, f)), 0);
const fmt = (n) => `${(n / KB).toFixed(1)} KiB`;

function readReport(dir) {
  const file = join(dir, 'build-report.json');
  if (!existsSync(file)) throw new Error(`${relative(ROOT, file)} is missing: run pnpm build`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.chunks.some((c) => !Array.isArray(c.consumes))) throw new Error(`${relative(ROOT, file)} has no chunk consumes (older build): run pnpm build`);
  return report;
}

const SHARED_ORIGIN = /^(provide|consume) shared module \([^)]*\) (.+?)@/;
function classify(chunk) {
  const shared = new Set(); // shared modules whose own (provided) copy is in this chunk
  let consumeOnly = true;
  let container = false;
  let dynamic = false;
  for (const o of chunk.origins) {
    const m = SHARED_ORIGIN.exec(o.moduleName);
    if (m) {
      shared.add(m[2]);
      if (m[1] === 'provide') consumeOnly = false;
    }
    else if (o.moduleName === 'container entry') container = true;
    else if (o.request) dynamic = true;
  }
  return { shared, container, dynamic, consumeOnly: shared.size > 0 && consumeOnly };
}
const jsFiles = (chunks) => chunks.flatMap((c) => c.files).filter((f) => f.endsWith('.js'));

/** A federated container: remoteEntry + expose groups, shared copies, on-demand chunks. */
function container(dir, entryName) {
  const report = readReport(dir);
  const entry = report.entrypoints[entryName];
  if (!entry) throw new Error(`${relative(ROOT, dir)}: no entrypoint ${entryName}`);
  const exposeGroup = [];
  const sharedCopies = [];
  const onDemand = [];
  for (const c of report.chunks) {
    if (c.initial || c.files.length === 0) continue;
    const k = classify(c);
    // A chunk of a provided copy that an expose also needs (shared-state's zod, say) loads with that copy too.
    if (k.container && k.shared.size > 0 && !k.consumeOnly) sharedCopies.push({ chunk: c, shared: k.shared });
    if (k.container) exposeGroup.push(c);
    // A consume-only fallback loads only when nobody provides the module; its provider always does.
    else if (k.consumeOnly && !k.dynamic) continue;
    // A chunk of a provided copy loads with that copy, even when an import() elsewhere also needs it.
    else if (k.shared.size > 0 && (!k.dynamic || !k.consumeOnly)) sharedCopies.push({ chunk: c, shared: k.shared });
    else onDemand.push(c);
  }
  const exposes = Object.fromEntries(
    exposeGroup
      .filter((c) => c.names.some((n) => n.startsWith('__federation_expose_')))
      .map((c) => {
        const name = c.names.find((n) => n.startsWith('__federation_expose_')).slice('__federation_expose_'.length);
        const siblings = exposeGroup.filter((s) => c.siblings.includes(s.id));
        return [name, jsFiles([c, ...siblings])];
      }),
  );
  return { dir, report, entry, exposeGroup: jsFiles(exposeGroup), exposes, sharedCopies, onDemand: jsFiles(onDemand) };
}

/**
 * What loading `expose` fetches in a host that provides `hostProvides`: the container's entry, the expose's chunk
 * group, and the container's own copy of every share those chunks consume that the host does not provide (the
 * chunks of its provide factory), then of every share those copies' chunks consume in turn. A copy nothing on that
 * path consumes is not fetched with the expose (the shell's jotai: its first consumer is the dialog's chunk, after
 * the load event).
 */
function exposeLoad(report, expose, hostProvides) {
  const exposeChunk = report.chunks.find((c) => c.names.includes(`__federation_expose_${expose}`));
  if (!exposeChunk) throw new Error(`build report: no expose ${expose}`);
  const loaded = new Set(report.chunks.filter((c) => c.initial || c.id === exposeChunk.id || exposeChunk.siblings.includes(c.id)));
  const provides = (chunk, share) =>
    chunk.origins.some((o) => {
      const m = SHARED_ORIGIN.exec(o.moduleName);
      return m?.[1] === 'provide' && m[2] === share;
    });
  const copies = new Set();
  const skipped = new Set();
  for (const chunk of loaded) {
    for (const share of chunk.consumes) {
      if (hostProvides.has(share)) skipped.add(share);
      else if (!copies.has(share)) {
        copies.add(share);
        // Set iteration visits what is added during it: the copy's own consumes are followed too.
        for (const c of report.chunks) if (provides(c, share)) loaded.add(c);
      }
    }
  }
  return { files: jsFiles([...loaded]), copies: [...copies], hostCopies: [...skipped] };
}

const rows = [];
const row = (what, bytes, target, note = '', files = [], sources = {}) => rows.push({ what, bytes, target, note, files, sources });

/** What the chunks behind `files` are made of, from the build report: `{ package or source file: source bytes }`. */
function sourcesOf(report, files) {
  const wanted = new Set(files);
  const bytes = {};
  for (const c of report.chunks) {
    if (!c.files.some((f) => wanted.has(f))) continue;
    for (const [origin, size] of Object.entries(c.sources ?? {})) bytes[origin] = (bytes[origin] ?? 0) + size;
  }
  return bytes;
}

// (a) Plain page: portico.js and its initial chunks; everything else in dist/ (not mf/) is async.
// The standalone build has no MF plugin: the MF runtime is the async chunk `mf-runtime` (import()ed by
// shell/src/federation-standalone.ts on the first remote load). Every page with a connect remote fetches
// it right after its load event (idle prefetch of ./Connect), so it is shown on its own row.
const shellDist = join(ROOT, 'shell', 'dist');
const plain = readReport(shellDist);
const plainSync = plain.entrypoints.portico ?? [];
const isMfRuntime = (c) => c.names.includes('mf-runtime');
// The kit's chunk: made by the import('@portico/ui') in shell/src/ui/kit.ts (the view outlet's, which
// the MF runtime's `get` reuses). Its own dynamic chunks (uqr) stay with the other async chunks.
const isPlainKit = (c) => c.origins.some((o) => o.request === UI_KIT);
const plainRuntime = jsFiles(plain.chunks.filter((c) => !c.initial && isMfRuntime(c)));
const plainKit = jsFiles(plain.chunks.filter((c) => !c.initial && isPlainKit(c)));
const plainAsync = jsFiles(plain.chunks.filter((c) => !c.initial && !isMfRuntime(c) && !isPlainKit(c)));
const plainBytes = sum(shellDist, plainSync);
row('(a) plain page critical path: portico.js + initial chunks', plainBytes, TARGETS.plain, `${plainSync.join(', ')}`, plainSync, sourcesOf(plain, plainSync));
if (plainRuntime.length) {
  row('    plain page: MF runtime chunk (after load event)', sum(shellDist, plainRuntime), undefined, 'idle prefetch of connect, or first open', plainRuntime, sourcesOf(plain, plainRuntime));
  row('    plain page: portico.js + MF runtime chunk', plainBytes + sum(shellDist, plainRuntime), undefined, 'after the idle prefetch (which also fetches connect remoteEntry + ./Connect, row c)');
}
row('    plain page: UI kit chunk (loads with the first remote view)', sum(shellDist, plainKit), undefined, 'with the idle prefetch of connect, or the first open', plainKit, sourcesOf(plain, plainKit));
row('    plain page: other async chunks (on demand, total)', sum(shellDist, plainAsync), undefined, `${plainAsync.length} files`, plainAsync);

// (b) React MF host: mf/remoteEntry.js + ./portico's chunk group + the shell's copies of the shares those chunks
// consume, less React (the host's). The kit's copy (a chunk holding only @portico/ui) is outside ./portico's chunk
// group (no "container entry" origin): it loads through the share scope with the first remote view.
const shellMf = container(join(shellDist, 'mf'), 'portico_shell');
const isKitCopy = (s) => s.shared.size === 1 && s.shared.has(UI_KIT);
const mfKit = shellMf.sharedCopies.filter(isKitCopy);
const mfLoad = exposeLoad(shellMf.report, 'portico', REACT_HOST_PROVIDES);
const mfFiles = [...new Set([...shellMf.entry, ...mfLoad.files])];
const mfBytes = sum(shellMf.dir, mfFiles);
row(
  '(b) React MF host adds on its critical path: remoteEntry + ./portico',
  mfBytes,
  TARGETS.mfHost,
  `incl. shell copies of ${mfLoad.copies.join(', ') || 'no shared module'}${mfLoad.hostCopies.length ? `; the host's ${mfLoad.hostCopies.join(', ')}` : ''}`,
  mfFiles,
  sourcesOf(shellMf.report, mfFiles),
);
row('    of which remoteEntry.js (MF runtime)', sum(shellMf.dir, shellMf.entry));
const mfKitFiles = jsFiles(mfKit.map((s) => s.chunk));
row('    UI kit: shared copy, loads with the first remote view', sum(shellMf.dir, mfKitFiles), undefined, 'not in ./portico\'s chunk group; remotes consume this copy', mfKitFiles, sourcesOf(shellMf.report, mfKitFiles));
row('    React MF host: async chunks (on demand, total)', sum(shellMf.dir, shellMf.onDemand), undefined, `${shellMf.onDemand.length} files`, shellMf.onDemand);

let connectPrefetch = 0;
// (c) Each remote: remoteEntry.js + its exposed chunk groups (every shared module comes from the shell).
for (const [pkg, name] of [['connect', 'portico_connect'], ['account', 'portico_account'], ['send', 'portico_send'], ['onramp', 'portico_onramp'], ['names', 'portico_names'], ['swap', 'portico_swap']]) {
  const r = container(join(ROOT, 'remotes', pkg, 'dist'), name);
  if (pkg === 'connect') connectPrefetch = sum(r.dir, [...r.entry, ...(r.exposes.Connect ?? [])]);
  row(`(c) remote ${pkg}: remoteEntry + all exposes`, sum(r.dir, [...r.entry, ...r.exposeGroup]), undefined, '', [...r.entry, ...r.exposeGroup]);
  for (const [expose, files] of Object.entries(r.exposes)) row(`    ${pkg} ./${expose}: remoteEntry + expose`, sum(r.dir, [...r.entry, ...files]), undefined, '', [], sourcesOf(r.report, files));
  if (r.onDemand.length) row(`    ${pkg}: async chunks (on demand, total)`, sum(r.dir, r.onDemand), undefined, `${r.onDemand.length} files`);
}

// (d) The plain page's idle prefetch (after its load event, before the first click): reported, no budget (issue 33).
row(
  '(d) plain page idle prefetch: MF runtime + UI kit + connect ./Connect',
  sum(shellDist, [...plainRuntime, ...plainKit]) + connectPrefetch,
  undefined,
  'after the load event, in idle time; no budget',
);

const w = Math.max(...rows.map((r) => r.what.length));
console.log(`\nPortico bundle sizes (gzip -9 bytes, 1 KiB = 1024 B)\n`);
console.log(`${'what'.padEnd(w)}  ${'gzip'.padStart(9)}  ${'target'.padStart(10)}  ${'vs AppKit'.padStart(9)}  note`);
for (const r of rows) {
  const target = r.target === undefined ? '' : `${r.bytes <= r.target ? 'ok' : 'OVER'} ≤${fmt(r.target)}`;
  const ratio = r.what.startsWith('(') ? `${((100 * r.bytes) / APPKIT_BYTES).toFixed(1)}%` : '';
  console.log(`${r.what.padEnd(w)}  ${fmt(r.bytes).padStart(9)}  ${target.padStart(10)}  ${ratio.padStart(9)}  ${r.note}`);
  if (verbose) for (const f of r.files) console.log(`      ${f}`);
  if (listModules) {
    for (const [origin, size] of Object.entries(r.sources).sort((a, b) => b[1] - a[1]).slice(0, MODULES_LISTED))
      console.log(`      ${fmt(size).padStart(9)} source  ${origin}`);
  }
}
console.log(`\nvs AppKit = share of AppKit's 764 KiB (${APPKIT_BYTES} B) initial load.`);
console.log('Rules: sync = entry files + chunks whose origin is the container entry (an expose group); a shared copy');
console.log('counts only where those chunks (or a copy counted) consume it and the host does not provide it (React);');
console.log('chunks made by import() are async.');
console.log('(a) counts what loads before the page\'s load event; the plain page\'s MF runtime is fetched after it');
console.log('(idle prefetch of the connect remote, or the first open) and is listed on its own row.');
console.log('The UI kit (@portico/ui) loads with the first remote view (shell import() + remotes\' shared consumption),');
console.log('never before the first click: its chunk is listed on its own row, in neither (a) nor (b).');
