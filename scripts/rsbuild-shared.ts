// Build settings every Portico rsbuild config shares (the build contract).
// Imported by shell/, remotes/*/ and demo/ rsbuild configs and rstest configs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `porticoContract` from shared-state/package.json: the shell <-> remote contract number. */
export const PORTICO_CONTRACT: number = (() => {
  const pkg = JSON.parse(readFileSync(`${root}shared-state/package.json`, 'utf8'));
  const n = pkg.porticoContract;
  if (typeof n !== 'number') throw new Error('shared-state/package.json: porticoContract must be a number');
  return n;
})();

/** `porticoUiContract` from shared-ui/package.json: the UI kit <-> view contract number. */
export const PORTICO_UI_CONTRACT: number = (() => {
  const pkg = JSON.parse(readFileSync(`${root}shared-ui/package.json`, 'utf8'));
  const n = pkg.porticoUiContract;
  if (typeof n !== 'number') throw new Error('shared-ui/package.json: porticoUiContract must be a number');
  return n;
})();

export const define = {
  __PORTICO_CONTRACT__: JSON.stringify(PORTICO_CONTRACT),
  __PORTICO_UI_CONTRACT__: JSON.stringify(PORTICO_UI_CONTRACT),
};

type SharedEntry = { singleton: true; requiredVersion: false; eager?: boolean };

/** Modules shared as singletons by the shell (both builds), every remote and the demo React host. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-dom/client', 'jotai', '@portico/shared-state', '@portico/ui'] as const;
type SharedSingleton = (typeof SHARED_SINGLETONS)[number];

/** The workspace packages among the shared singletons, by their directory in this repository. */
const WORKSPACE_DIRS: Record<string, string> = { '@portico/shared-state': 'shared-state', '@portico/ui': 'shared-ui' };

/**
 * The MF `shared` config of a build. `eager` names the singletons the build puts in its entry's chunks: a React host
 * shares its React that way, so it arrives with the entry instead of after it ran (demo/rsbuild.config.ts).
 */
export function shared(opts: { eager?: readonly SharedSingleton[] } = {}): Record<string, SharedEntry> {
  const out: Record<string, SharedEntry> = {};
  for (const name of SHARED_SINGLETONS) {
    out[name] = { singleton: true, requiredVersion: false, ...(opts.eager?.includes(name) ? { eager: true } : {}) };
  }
  return out;
}

/** The package a module specifier belongs to (`react-dom/client` -> `react-dom`). */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Directory of `pkg` as `fromDir` resolves it (walks up from its entry: not every package exports package.json). */
export function packageDir(pkg: string, fromDir: string): string {
  let dir = dirname(createRequire(join(fromDir, 'package.json')).resolve(pkg));
  for (;;) {
    try {
      if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === pkg) return dir;
    } catch {
      // no package.json here: keep walking up
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`${pkg}: package.json not found from ${fromDir}`);
    dir = up;
  }
}

/** `{ specifier: version }` for the shared singletons as `fromDir` resolves them (from their package.json). */
export function sharedVersions(fromDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of SHARED_SINGLETONS) {
    const workspaceDir = WORKSPACE_DIRS[name];
    const dir = workspaceDir ? `${root}${workspaceDir}` : packageDir(packageOf(name), fromDir);
    out[name] = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  }
  return out;
}

/**
 * The stylesheets' sources (the shell's `src/ui/styles.ts`, the UI kit's `src/styles/*.ts`) keep one
 * declaration per line for people; what ships drops line breaks, indentation and the spaces around
 * `{ } ; ,` and after `:` (no string or selector in them needs them). Applies to every template
 * literal in those files, in whichever build bundles them (the shell's, or a remote's own fallback copy
 * of the kit).
 */
export function pluginCompactStylesheet() {
  const compact = (css: string) => css.replace(/\s*([{};,])\s*/g, '$1').replace(/:\s+/g, ':');
  return {
    name: 'portico:compact-stylesheet',
    setup(api: any) {
      api.transform(
        { test: /([\\/]shell[\\/]src[\\/]ui[\\/]styles\.ts|[\\/]shared-ui[\\/]src[\\/]styles[\\/][^\\/]+\.ts)$/, order: 'pre' },
        ({ code }: { code: string }) => code.replace(/`[^`]*`/g, compact),
      );
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136+) as the first line of the `files` an environment emits: scripts the page
 * runs nearly all of at load, so their functions compile on the thread that streams the script instead of lazily
 * on the main thread, where they made long tasks. Only there: for code that waits for a click it would compile
 * functions that may never run, and they stay in the heap. Added after minification, which drops comments;
 * production builds emit no source maps it would shift.
 */
export function pluginCompileHint(opts: { environment?: string; files: (name: string) => boolean }) {
  return {
    name: 'portico:compile-hint',
    setup(api: any) {
      const environments = opts.environment ? [opts.environment] : undefined;
      api.processAssets({ stage: 'optimize-inline', environments }, ({ compilation, sources }: any) => {
        for (const asset of compilation.getAssets())
          if (opts.files(asset.name)) compilation.updateAsset(asset.name, new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', asset.source));
      });
    },
  };
}

/**
 * A chunk's modules as `{ package or source file: bytes of source }`, largest first (`pnpm bench:size --modules`):
 * concatenated modules count by their parts; a package's files add up under its name.
 */
function sourceBytesByOrigin(modules: any[]): Record<string, number> {
  const bytes = new Map<string, number>();
  const add = (module: any) => {
    if (module.modules?.length) return module.modules.forEach(add);
    // A virtual module's name carries its whole source after `!=!` (the MF bundler runtime's): keep the path before it.
    const name: string = String(module.name ?? module.identifier ?? '?').split('!=!')[0]!;
    const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name)?.[1];
    const key = pkg ?? name.replace(/^(\.\.?\/)+/, '').replace(/ \+ \d+ modules?$/, '');
    bytes.set(key, (bytes.get(key) ?? 0) + (module.size ?? 0));
  };
  modules.forEach(add);
  return Object.fromEntries([...bytes].sort((a, b) => b[1] - a[1]));
}

/**
 * The share keys a chunk's Module Federation consume-shared modules ask the share scope for. rspack names such a
 * module `consume shared module (<scope>) <key>@<range> (strict) (fallback: <path>)`, with module type
 * `consume-shared-module`; the chunk may emit no file of its own (the container's runtime does the consuming), but
 * loading the chunk still fetches whichever copy of the share the scope picks.
 */
const CONSUME_SHARED_NAME = /^consume shared module \([^)]*\) (.+?)@/;
function consumedShares(modules: any[]): string[] {
  const keys = new Set<string>();
  const visit = (module: any) => {
    if (module.modules?.length) return module.modules.forEach(visit);
    if (module.moduleType !== 'consume-shared-module') return;
    const key = CONSUME_SHARED_NAME.exec(String(module.name ?? module.identifier ?? ''))?.[1];
    if (!key) throw new Error(`build report: consume-shared module without a share key: ${module.name ?? module.identifier}`);
    keys.add(key);
  };
  modules.forEach(visit);
  return [...keys].sort();
}

/**
 * Writes `<distPath>/build-report.json` after each build: entrypoints, and for every chunk its files,
 * siblings, origins (which import or shared module made it), consumes (the shares its consume-shared modules
 * take from the share scope) and sources (what it is made of). `pnpm bench:size` reads it to decide which files
 * load together; the MF manifest's sync/async split is not reliable for that.
 */
export function pluginBuildReport() {
  return {
    name: 'portico:build-report',
    setup(api: any) {
      api.onAfterEnvironmentCompile(({ stats, environment }: any) => {
        if (!stats) return;
        // The default preset (not `all: false`, which drops module names), less what the report does not use.
        const json = stats.toJson({
          assets: false,
          modules: false,
          source: false,
          reasons: false,
          entrypoints: true,
          chunks: true,
          chunkRelations: true,
          chunkOrigins: true,
          chunkModules: true,
          nestedModules: true,
          ids: true,
        });
        const report = {
          environment: environment.name,
          entrypoints: Object.fromEntries(
            Object.entries(json.entrypoints ?? {}).map(([k, g]: [string, any]) => [
              k,
              (g.assets ?? []).map((a: any) => (typeof a === 'string' ? a : a.name)),
            ]),
          ),
          chunks: (json.chunks ?? []).map((c: any) => ({
            id: c.id,
            names: c.names,
            files: c.files,
            initial: c.initial,
            siblings: c.siblings,
            origins: (c.origins ?? []).map((o: any) => ({ request: o.request ?? '', moduleName: o.moduleName ?? '' })),
            consumes: consumedShares(c.modules ?? []),
            sources: sourceBytesByOrigin(c.modules ?? []),
          })),
        };
        mkdirSync(environment.distPath, { recursive: true });
        writeFileSync(join(environment.distPath, 'build-report.json'), JSON.stringify(report, null, 1));
      });
    },
  };
}

/**
 * One copy of the MF runtime core per page, on `globalThis._FEDERATION_RUNTIME_CORE`. The pure
 * consumers provide it: the demo React host with `experiments.provideExternalRuntime`, the shell's
 * plain-page build (no MF plugin) from its lazily loaded `mf-runtime` chunk (shell/src/federation-runtime.ts).
 * The containers they load (shell `mf/`, connect, account) use that copy (`experiments.externalRuntime`),
 * which saves ~17 kB gz in each remoteEntry.js.
 * A React host that loads `portico_shell` must therefore set `provideExternalRuntime: true` too.
 * PORTICO_BUNDLE_MF_RUNTIME=1 at build time bundles the runtime into every container instead.
 */
const EXTERNAL_RUNTIME = process.env.PORTICO_BUNDLE_MF_RUNTIME !== '1';

/**
 * MF `experiments` for a container (exposes modules): uses the runtime its consumer provides.
 * `disableRemote` drops the bundler's handler for static `remotes` (~0.8 kB gz per remoteEntry.js):
 * no Portico container declares any (the shell loads remotes with the runtime API, registerRemotes +
 * loadRemote, which lives in the runtime core); a container that adds static `remotes` must drop it.
 */
export const containerExperiments = {
  externalRuntime: EXTERNAL_RUNTIME,
  optimization: { target: 'web' as const, disableRemote: true },
};

/** MF `experiments` for a pure consumer (no exposes): provides the runtime to the containers it loads. */
export const consumerExperiments = {
  provideExternalRuntime: EXTERNAL_RUNTIME,
  optimization: { target: 'web' as const },
};

/**
 * Where the MF runtime packages that `@module-federation/rsbuild-plugin` builds with live, resolved the
 * way the plugin does (rsbuild-plugin -> enhanced -> rspack -> runtime-tools -> ...), from `fromDir`.
 */
export function federationRuntimeDirs(fromDir: string) {
  const chain = (from: string, ...pkgs: string[]) => pkgs.reduce((dir, pkg) => packageDir(pkg, dir), from);
  const runtimeTools = chain(fromDir, '@module-federation/rsbuild-plugin', '@module-federation/enhanced', '@module-federation/rspack', '@module-federation/runtime-tools');
  const runtime = chain(runtimeTools, '@module-federation/runtime');
  return {
    runtimeTools,
    bundlerRuntime: chain(runtimeTools, '@module-federation/webpack-bundler-runtime'),
    runtime,
    runtimeCore: chain(runtime, '@module-federation/runtime-core'),
  };
}

/**
 * Size: rspack embeds the MF bundler runtime in every container/consumer from its CommonJS files
 * (it `require.resolve`s `@module-federation/webpack-bundler-runtime` and `@module-federation/runtime`),
 * so nothing in them is tree-shaken: all of `@module-federation/sdk` (Node.js loaders, manifest and
 * plugin-option helpers...) and `@module-federation/error-codes` land in remoteEntry.js. This aliases
 * those two entry files to the same packages' ES module builds (same version, same code), where only
 * what is used stays (~2.5 kB gz less per remoteEntry.js). Use in every config that has the MF plugin.
 */
export function pluginFederationRuntimeEsm() {
  return {
    name: 'portico:federation-runtime-esm',
    setup(api: any) {
      api.modifyRspackConfig((config: any) => {
        const { bundlerRuntime, runtime } = federationRuntimeDirs(api.context.rootPath);
        config.resolve ??= {};
        config.resolve.alias = {
          ...config.resolve.alias,
          [`${join(bundlerRuntime, 'dist/index.cjs')}$`]: join(bundlerRuntime, 'dist/index.js'),
          [`${join(runtime, 'dist/index.cjs')}$`]: join(runtime, 'dist/index.js'),
        };
      });
    },
  };
}

/**
 * The ICU parser intl-messageformat imports (`@formatjs/icu-messageformat-parser`), found from shared-state's
 * intl-messageformat, so build-time ASTs come from the very version the run time reads.
 */
function icuParserDir(): string {
  const fromSharedState = createRequire(`${root}shared-state/package.json`);
  const messageFormatEntry = fromSharedState.resolve('intl-messageformat');
  return dirname(createRequire(messageFormatEntry).resolve('@formatjs/icu-messageformat-parser'));
}

/**
 * Message catalogues compiled at build time, FormatJS's recommended set-up: every `locales/<locale>.json` ships
 * as ICU ASTs (scripts/icu-catalogue-loader.cjs), and intl-messageformat's parser is replaced by its `no-parser`
 * build, ~10 kB gz less in the UI kit, which pages fetch before the first click. A message text reaching
 * `IntlMessageFormat` at run time would now throw: only catalogues make messages. Unit tests (rstest) import the
 * JSON as written and parse at run time, which `createTranslator` accepts too.
 */
export function pluginPrecompiledCatalogues() {
  return {
    name: 'portico:precompiled-catalogues',
    setup(api: any) {
      api.modifyRspackConfig((config: any) => {
        const parserDir = icuParserDir();
        config.module ??= {};
        config.module.rules ??= [];
        config.module.rules.push({
          test: /[\\/]locales[\\/][a-z]{2}\.json$/,
          loader: join(root, 'scripts/icu-catalogue-loader.cjs'),
          options: { parser: join(parserDir, 'index.js') },
        });
        config.resolve ??= {};
        config.resolve.alias = { ...config.resolve.alias, '@formatjs/icu-messageformat-parser$': join(parserDir, 'no-parser.js') };
      });
    },
  };
}

/**
 * The WalletConnect client's HTTP connection imports `cross-fetch`, whose browser build evaluates a whole fetch
 * polyfill (whatwg-fetch) and then hands out the browser's own `fetch` anyway. Browser builds that bundle the
 * client alias it to `scripts/native-fetch.mjs`, the platform's `fetch` (WalletConnect chunk 359 → 349 kB minified,
 * 102.9 → 99.7 kB gz, and one polyfill less evaluated when it is preloaded).
 */
export function pluginNativeFetch() {
  return {
    name: 'portico:native-fetch',
    setup(api: any) {
      api.modifyRspackConfig((config: any) => {
        config.resolve ??= {};
        config.resolve.alias = { ...config.resolve.alias, 'cross-fetch$': join(root, 'scripts/native-fetch.mjs') };
      });
    },
  };
}

/**
 * The whole rsbuild config of a feature remote: an MF container `name` with `exposes`, no HTML page
 * and no entry of its own (remoteEntry.js is the only one). The plugin factories come from the
 * calling package, which is where @rsbuild/* and the MF plugin are installed.
 */
export function remoteConfig(options: {
  name: string;
  exposes: Record<string, string>;
  pluginReact: () => any;
  pluginModuleFederation: (federation: Record<string, unknown>) => any;
}) {
  return {
    plugins: [
      options.pluginReact(),
      pluginBuildReport(),
      pluginCompactStylesheet(),
      pluginPrecompiledCatalogues(),
      pluginFederationRuntimeEsm(),
      options.pluginModuleFederation({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        shared: shared(),
        dts: false,
        experiments: containerExperiments,
      }),
    ],
    source: { define },
    dev: { lazyCompilation: false },
    server: { headers: { 'Access-Control-Allow-Origin': '*' } },
    output: { assetPrefix: 'auto' as const, target: 'web' as const, distPath: { root: 'dist' } },
    tools: {
      htmlPlugin: false,
      rspack: (config: { entry?: unknown }) => {
        config.entry = {};
      },
    },
  };
}
