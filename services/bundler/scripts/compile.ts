// Compile contracts/*.sol (and the Solady sources they import from node_modules) with solc (solcjs
// from npm, no network) and write the committed build artifacts: artifacts/<Name>.json = { abi, bytecode }.
// Same reproducible settings as services/devchain: cancun, optimizer 200 runs, no metadata hash, so
// the bytecode alone fixes the CREATE2 addresses in src/addresses.ts.
// Run: pnpm --filter @portico/bundler compile
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc') as {
  version(): string;
  compile(input: string, options?: { import(path: string): { contents: string } | { error: string } }): string;
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACTS = join(ROOT, 'contracts');
const ARTIFACTS = join(ROOT, 'artifacts');

/** The contracts deployAccountAbstraction creates. */
const DEPLOYABLE = ['PorticoAccount', 'PorticoAccountFactory'] as const;

const sources: Record<string, { content: string }> = {};
for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.sol')).sort()) {
  sources[file] = { content: readFileSync(join(CONTRACTS, file), 'utf8') };
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    metadata: { bytecodeHash: 'none', appendCBOR: false },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};

// "solady/src/…" (and the relative imports inside Solady, which solc turns into "solady/src/…"
// paths) resolve through Node's resolver to the pinned npm package.
const findImport = (path: string) => {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
};

const started = Date.now();
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
  errors?: { severity: string; formattedMessage: string; sourceLocation?: { file: string } }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};
// Solady's own sources draw deprecation warnings from solc 0.8.3x (virtual modifiers, memory-safe
// comments): counted, not printed, so that warnings about contracts/ stay visible.
const ours = (output.errors ?? []).filter((e) => e.severity === 'error' || !e.sourceLocation?.file.startsWith('solady/'));
for (const e of ours) console.error(e.formattedMessage);
const soladyWarnings = (output.errors ?? []).length - ours.length;
if (soladyWarnings > 0) console.error(`(${soladyWarnings} warnings in Solady's sources not shown)`);
if (ours.some((e) => e.severity === 'error')) process.exit(1);

mkdirSync(ARTIFACTS, { recursive: true });
for (const name of DEPLOYABLE) {
  const contract = output.contracts[`${name}.sol`]?.[name];
  if (!contract) throw new Error(`${name} missing from solc output`);
  const artifact = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  writeFileSync(join(ARTIFACTS, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`${name}: ${(artifact.bytecode.length - 2) / 2} bytes`);
}
console.log(`compiled with solc ${solc.version()} in ${Date.now() - started} ms`);
