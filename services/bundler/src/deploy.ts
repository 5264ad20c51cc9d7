import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CREATE2_FACTORY, deployThroughCreate2Factory, ENTRY_POINT_07_CONTRACT } from '@portico/devchain';
import { concat, createPublicClient, createTestClient, createWalletClient, encodeAbiParameters, http, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { ENTRY_POINT_07, PORTICO_ACCOUNT_DEPLOY_SALT, PORTICO_ACCOUNT_FACTORY, PORTICO_ACCOUNT_IMPLEMENTATION } from './addresses';

const artifactSchema = z.object({ bytecode: z.string().regex(/^0x[0-9a-fA-F]+$/) });

/** Our account contracts' creation code, from artifacts/ (scripts/compile.ts). */
function porticoBytecode(name: 'PorticoAccount' | 'PorticoAccountFactory'): Hex {
  return artifactSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL(`../artifacts/${name}.json`, import.meta.url)), 'utf8'))).bytecode as Hex;
}

export interface AccountAbstractionDeployment {
  chainId: number;
  /** The CREATE2 factory every contract here was created through. */
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

/**
 * Deploys ERC-4337 EntryPoint v0.7 (at its canonical address, as @portico/devchain places it too),
 * PorticoAccount and PorticoAccountFactory through the CREATE2 factory. Idempotent: a contract whose address
 * already has code is left alone, so a second call sends nothing; a devchain deploy placing the EntryPoint at
 * the same moment is no error. Development chains only (it may call anvil_setCode).
 */
export async function deployAccountAbstraction(options: DeployAccountAbstractionOptions): Promise<AccountAbstractionDeployment> {
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const wallet = createWalletClient({ account: privateKeyToAccount(options.deployerPrivateKey), transport });
  await deployThroughCreate2Factory({ publicClient, wallet }, [
    ENTRY_POINT_07_CONTRACT,
    { name: 'PorticoAccount', address: PORTICO_ACCOUNT_IMPLEMENTATION, salt: PORTICO_ACCOUNT_DEPLOY_SALT, initCode: porticoBytecode('PorticoAccount') },
    {
      name: 'PorticoAccountFactory',
      address: PORTICO_ACCOUNT_FACTORY,
      salt: PORTICO_ACCOUNT_DEPLOY_SALT,
      initCode: concat([porticoBytecode('PorticoAccountFactory'), encodeAbiParameters([{ type: 'address' }], [PORTICO_ACCOUNT_IMPLEMENTATION])]),
    },
  ]);
  return {
    chainId: await publicClient.getChainId(),
    deterministicDeployer: CREATE2_FACTORY,
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
