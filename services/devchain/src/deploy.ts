import {
  concat,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  getContractAddress,
  http,
  keccak256,
  pad,
  parseUnits,
  stringToHex,
  toHex,
  zeroAddress,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { nonceManager, privateKeyToAccount } from 'viem/accounts';
import PorticoUSD from '../artifacts/PorticoUSD.json';
import PorticoToken from '../artifacts/PorticoToken.json';
import PorticoCollectibles from '../artifacts/PorticoCollectibles.json';
import SpamDrop from '../artifacts/SpamDrop.json';
import { porticoCollectiblesAbi, porticoUSDAbi } from './abis';
import { DEV_ACCOUNTS, DEVCHAIN_DEPLOYER_KEY } from './accounts';
import { deployCanonicalContracts, type DevchainCanonicalContracts } from './canonical';
import { deployExchange, type DevchainExchange } from './exchange';
import { deployFarcaster, type DevchainFarcaster } from './farcaster';
import { CREATE2_FACTORY, deployThroughCreate2Factory } from './placement';

export interface DevchainToken {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
  /** A `data:image/svg+xml;base64,…` icon (works offline). */
  iconUrl?: string;
}

export interface DevchainDeployment {
  chainId: number;
  /** The ERC-20 tokens: PUSD (6 decimals) then PTK (18 decimals). */
  tokens: DevchainToken[];
  /** The ERC-721 collection with on-chain `data:` metadata and SVG images. */
  collectibles: { address: Address; name: string; symbol: string };
  /** ERC-721 collections the API operator should flag as spam (`flags.is_spam`). */
  spamCollections: Address[];
  /** The constant-product exchange (router, wrapped native token, pairs with liquidity). */
  exchange: DevchainExchange;
  /** Farcaster's IdRegistry and KeyRegistry at their canonical addresses and the test accounts they hold (src/farcaster.ts). */
  farcaster: DevchainFarcaster;
  /** Multicall3, EntryPoint v0.7 and its SimpleAccountFactory at their canonical addresses (src/canonical.ts). */
  canonical: DevchainCanonicalContracts;
  /**
   * The block in which the seeding finished: every contract creation and mint is at or before
   * it. The same value on every call for the same chain (read back from the mint logs).
   */
  blockNumber: number;
}

export interface DeployDevchainOptions {
  rpcUrl: string;
  /** Defaults to anvil dev account #9 (never #0, whose 10,000 ETH the e2e suite asserts). */
  deployerKey?: Hex;
}

/** Seed amounts, in whole tokens, per dev account #0–#4. */
export const SEED = {
  PUSD: 25_000n,
  PTK: 1_500n,
  /** Collectibles minted, in order (token ids 1…4): three to #0, one to #1. */
  collectibles: [DEV_ACCOUNTS[0], DEV_ACCOUNTS[0], DEV_ACCOUNTS[0], DEV_ACCOUNTS[1]] as Address[],
  spam: [DEV_ACCOUNTS[0]] as Address[],
  recipients: DEV_ACCOUNTS.slice(0, 5) as Address[],
};

/** Same salt for every contract: addresses depend only on bytecode and owner. */
export const DEVCHAIN_SALT: Hex = keccak256(stringToHex('portico.devchain.v1'));

const TRANSFER_TOPIC = keccak256(stringToHex('Transfer(address,address,uint256)'));

function tokenIcon(symbol: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="39" font-family="sans-serif" font-size="${symbol.length > 3 ? 15 : 18}" font-weight="700" fill="#fff" text-anchor="middle">${symbol}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const CONTRACTS = {
  PUSD: { artifact: PorticoUSD, name: 'Portico USD', symbol: 'PUSD', decimals: 6, color: '#2775CA' },
  PTK: { artifact: PorticoToken, name: 'Portico Token', symbol: 'PTK', decimals: 18, color: '#6C4CF5' },
  PCOL: { artifact: PorticoCollectibles, name: 'Portico Collectibles', symbol: 'PCOL' },
  SPAM: { artifact: SpamDrop, name: 'Free Claim Rewards', symbol: 'SPAM' },
} as const;

/** Creation code + ABI-encoded constructor argument (the owner allowed to mint). */
function initCode(bytecode: string, owner: Address): Hex {
  return concat([bytecode as Hex, encodeAbiParameters([{ type: 'address' }], [owner])]);
}

/** The address each contract has on any chain for this deployer (CREATE2, fixed salt). */
export function devchainAddresses(deployer: Address): Record<keyof typeof CONTRACTS, Address> {
  const at = (key: keyof typeof CONTRACTS) =>
    getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_FACTORY,
      salt: DEVCHAIN_SALT,
      bytecode: initCode(CONTRACTS[key].artifact.bytecode, deployer),
    });
  return { PUSD: at('PUSD'), PTK: at('PTK'), PCOL: at('PCOL'), SPAM: at('SPAM') };
}

/**
 * Deploy the demo contracts to a local chain (anvil) and seed the dev accounts:
 * PUSD and PTK to accounts #0–#4, collectibles #1–#3 to #0 and #4 to #1, one spam NFT to #0.
 *
 * Idempotent: contracts go through the CREATE2 factory at fixed addresses, each is created
 * only if no code is there yet, and each contract is seeded only while its totalSupply is 0 —
 * so a second call on the same chain sends no transaction and returns the same result.
 */
export async function deployDevchain({ rpcUrl, deployerKey = DEVCHAIN_DEPLOYER_KEY }: DeployDevchainOptions): Promise<DevchainDeployment> {
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  const chain = defineChain({
    id: chainId,
    name: `devchain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const account = privateKeyToAccount(deployerKey, { nonceManager });
  const wallet = createWalletClient({ chain, account, transport: http(rpcUrl) });
  const addresses = devchainAddresses(account.address);
  const keys = Object.keys(CONTRACTS) as (keyof typeof CONTRACTS)[];

  const confirm = async (hashes: Hash[]) => {
    const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })));
    const failed = receipts.find((r) => r.status !== 'success');
    if (failed) throw new Error(`devchain: transaction ${failed.transactionHash} reverted`);
  };

  // 1. Contracts, through the CREATE2 factory.
  await deployThroughCreate2Factory(
    { publicClient, wallet },
    keys.map((k) => ({ name: k, address: addresses[k], salt: DEVCHAIN_SALT, initCode: initCode(CONTRACTS[k].artifact.bytecode, account.address) })),
  );

  // 2. Seeding, one transaction per contract, only while the contract has minted nothing.
  const supplies = await Promise.all(
    keys.map((k) => publicClient.readContract({ address: addresses[k], abi: porticoUSDAbi, functionName: 'totalSupply' })),
  );
  const unseeded = new Set(keys.filter((_, i) => supplies[i] === 0n));
  const seeds: Hash[] = [];
  if (unseeded.has('PUSD')) {
    seeds.push(await wallet.writeContract({
      address: addresses.PUSD, abi: porticoUSDAbi, functionName: 'mintBatch',
      args: [SEED.recipients, parseUnits(String(SEED.PUSD), CONTRACTS.PUSD.decimals)],
    }));
  }
  if (unseeded.has('PTK')) {
    seeds.push(await wallet.writeContract({
      address: addresses.PTK, abi: porticoUSDAbi, functionName: 'mintBatch',
      args: [SEED.recipients, parseUnits(String(SEED.PTK), CONTRACTS.PTK.decimals)],
    }));
  }
  if (unseeded.has('PCOL')) {
    seeds.push(await wallet.writeContract({ address: addresses.PCOL, abi: porticoCollectiblesAbi, functionName: 'mintBatch', args: [SEED.collectibles] }));
  }
  if (unseeded.has('SPAM')) {
    seeds.push(await wallet.writeContract({ address: addresses.SPAM, abi: porticoCollectiblesAbi, functionName: 'mintBatch', args: [SEED.spam] }));
  }
  await confirm(seeds);

  // 2a. Farcaster's registries and their test accounts, and the contracts clients assume at their canonical
  //     addresses (before the exchange, whose mints end the seeding).
  const farcaster = await deployFarcaster({ publicClient, wallet, confirm });
  const canonical = await deployCanonicalContracts({ publicClient, wallet });

  // 2b. The exchange (WETH, pairs, router) and its liquidity, seeded only while a pair has none.
  const exchange = await deployExchange({
    publicClient,
    wallet,
    confirm,
    tokens: { PUSD: addresses.PUSD, PTK: addresses.PTK },
    create2: { factory: CREATE2_FACTORY, salt: DEVCHAIN_SALT },
  });

  // 3. The block the seeding finished in: the last mint (Transfer from 0x0) of our contracts.
  //    Only the deployer can mint and it mints only here, so this is stable across calls.
  const mints = await publicClient.request({
    method: 'eth_getLogs',
    params: [{
      // The pairs' liquidity mints (shares to the deployer) are the last seeding transactions.
      address: [...keys.map((k) => addresses[k]), ...exchange.pairs.map((p) => p.address)],
      topics: [TRANSFER_TOPIC, pad(zeroAddress)],
      fromBlock: toHex(0),
      toBlock: 'latest',
    }],
  });
  const blockNumber = Math.max(...mints.map((log) => Number(log.blockNumber)));

  const token = (k: 'PUSD' | 'PTK'): DevchainToken => ({
    address: addresses[k],
    symbol: CONTRACTS[k].symbol,
    name: CONTRACTS[k].name,
    decimals: CONTRACTS[k].decimals,
    iconUrl: tokenIcon(CONTRACTS[k].symbol, CONTRACTS[k].color),
  });
  return {
    chainId,
    tokens: [token('PUSD'), token('PTK')],
    collectibles: { address: addresses.PCOL, name: CONTRACTS.PCOL.name, symbol: CONTRACTS.PCOL.symbol },
    spamCollections: [addresses.SPAM],
    exchange,
    farcaster,
    canonical,
    blockNumber,
  };
}
