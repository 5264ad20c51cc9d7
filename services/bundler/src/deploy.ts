import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import {
  DETERMINISTIC_DEPLOYER,
  DETERMINISTIC_DEPLOYER_RUNTIME_CODE,
  ENTRY_POINT_07,
  ENTRY_POINT_07_SALT,
  PORTICO_ACCOUNT_DEPLOY_SALT,
  PORTICO_ACCOUNT_FACTORY,
  PORTICO_ACCOUNT_IMPLEMENTATION,
} from './addresses';

const artifactSchema = z.object({ bytecode: z.string().regex(/^0x[0-9a-fA-F]+$/) });
const requireFromHere = createRequire(import.meta.url);

function readBytecode(path: string): Hex {
  return artifactSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).bytecode as Hex;
}
/** The EntryPoint from eth-infinitism's npm artifact; our account contracts from artifacts/ (scripts/compile.ts). */
const entryPointBytecode = () => readBytecode(requireFromHere.resolve('@account-abstraction/contracts/artifacts/EntryPoint.json'));
const porticoBytecode = (name: 'PorticoAccount' | 'PorticoAccountFactory') => readBytecode(fileURLToPath(new URL(`../artifacts/${name}.json`, import.meta.url)));

export interface AccountAbstractionDeployment {
  chainId: number;
  deterministicDeployer: Address;
  entryPoint: Address;
  /** PorticoAccount: the code behind every account (ERC-1967 proxies). */
  accountImplementation: Address;
  /** PorticoAccountFactory: `factoryAddress` for viem's toSoladySmartAccount. */
  accountFactory: Address;
}

export interface DeployAccountAbstractionOptions {
  rpcUrl: string;
  /** Pays for the three CREATE2 transactions; needs about 0.05 ETH on anvil (see fundDevAccounts). */
  deployerPrivateKey: Hex;
}

async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address });
  return code !== undefined && code !== '0x';
}

/**
 * Deploys ERC-4337 EntryPoint v0.7 (at its canonical address), PorticoAccount and
 * PorticoAccountFactory through the deterministic deployer. Idempotent: a contract whose address already has code is left alone,
 * so a second call sends nothing. Development chains only (it may call anvil_setCode).
 */
export async function deployAccountAbstraction(options: DeployAccountAbstractionOptions): Promise<AccountAbstractionDeployment> {
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();

  if (!(await hasCode(publicClient, DETERMINISTIC_DEPLOYER))) {
    await createTestClient({ mode: 'anvil', transport }).setCode({ address: DETERMINISTIC_DEPLOYER, bytecode: DETERMINISTIC_DEPLOYER_RUNTIME_CODE });
  }

  const account = privateKeyToAccount(options.deployerPrivateKey);
  const wallet = createWalletClient({ account, transport });

  const contracts = [
    { name: 'EntryPoint v0.7', address: ENTRY_POINT_07, salt: ENTRY_POINT_07_SALT, initCode: entryPointBytecode() },
    { name: 'PorticoAccount', address: PORTICO_ACCOUNT_IMPLEMENTATION, salt: PORTICO_ACCOUNT_DEPLOY_SALT, initCode: porticoBytecode('PorticoAccount') },
    {
      name: 'PorticoAccountFactory',
      address: PORTICO_ACCOUNT_FACTORY,
      salt: PORTICO_ACCOUNT_DEPLOY_SALT,
      initCode: concat([porticoBytecode('PorticoAccountFactory'), encodeAbiParameters([{ type: 'address' }], [PORTICO_ACCOUNT_IMPLEMENTATION])]),
    },
  ] as const;

  // The address check before sending anything also catches artifacts recompiled without updating src/addresses.ts.
  for (const contract of contracts) {
    const expected = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: contract.salt, bytecode: contract.initCode });
    if (expected.toLowerCase() !== contract.address.toLowerCase()) {
      throw new Error(`${contract.name}: the artifact gives ${expected}, not ${contract.address}`);
    }
    if (await hasCode(publicClient, contract.address)) continue;
    const hash = await wallet.sendTransaction({ chain: null, to: DETERMINISTIC_DEPLOYER, data: concat([contract.salt, contract.initCode]) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success' || !(await hasCode(publicClient, contract.address))) {
      throw new Error(`${contract.name} was not deployed at ${contract.address} (transaction ${hash})`);
    }
  }

  return {
    chainId,
    deterministicDeployer: DETERMINISTIC_DEPLOYER,
    entryPoint: ENTRY_POINT_07,
    accountImplementation: PORTICO_ACCOUNT_IMPLEMENTATION,
    accountFactory: PORTICO_ACCOUNT_FACTORY,
  };
}

/** What fundDevAccounts tops each account up to. */
export const DEV_ACCOUNT_BALANCE = parseEther('1000');

/**
 * DEVELOPMENT ONLY: sets each account's balance to DEV_ACCOUNT_BALANCE with anvil_setBalance when it
 * holds less (so a restarted bundler on a reused chain does not mint again and again).
 */
export async function fundDevAccounts(rpcUrl: string, accounts: readonly Address[]): Promise<void> {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport });
  const testClient = createTestClient({ mode: 'anvil', transport });
  for (const address of accounts) {
    if ((await publicClient.getBalance({ address })) >= DEV_ACCOUNT_BALANCE) continue;
    await testClient.setBalance({ address, value: DEV_ACCOUNT_BALANCE });
  }
}
