// Compiles test/contracts/*.sol with solc (npm) into test/contracts/artifacts.json (committed).
// The test helper recompiles on the fly when the source hash no longer matches.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const dir = fileURLToPath(new URL('../test/contracts/', import.meta.url));

export function sourcesHash() {
  const h = createHash('sha256');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.sol')).sort()) h.update(f).update(readFileSync(dir + f));
  return h.digest('hex');
}

export function compile() {
  const sources = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.sol')).sort()) sources[f] = { content: readFileSync(dir + f, 'utf8') };
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contracts = {};
  for (const file of Object.keys(out.contracts)) {
    for (const [name, c] of Object.entries(out.contracts[file])) contracts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  return { solc: solc.version(), sourcesHash: sourcesHash(), contracts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const artifacts = compile();
  writeFileSync(dir + 'artifacts.json', JSON.stringify(artifacts, null, 1) + '\n');
  console.log(`wrote ${dir}artifacts.json (${Object.keys(artifacts.contracts).join(', ')})`);
}
