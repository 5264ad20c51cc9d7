/**
 * The local constant-product exchange: PorticoWETH, one PorticoPair per token pair and the
 * PorticoRouter, created through the same CREATE2 factory and salt as the tokens (fixed
 * addresses), then seeded with liquidity by the deployer. Called by `deployDevchain`.
 */
import {
  concat,
  encodeAbiParameters,
  getContractAddress,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type WalletClient,
  type Account,
  type Chain,
  type Transport,
} from 'viem';
import PorticoWETH from '../artifacts/PorticoWETH.json';
import PorticoPair from '../artifacts/PorticoPair.json';
import PorticoRouter from '../artifacts/PorticoRouter.json';
import { porticoPairAbi, porticoUSDAbi, porticoWETHAbi } from './abis';
import { deployThroughCreate2Factory } from './placement';

export interface DevchainPair {
  address: Address;
  /** The pair's tokens sorted by address (as the contract stores them). */
  token0: Address;
  token1: Address;
  /** Symbols in the order the pair is named, e.g. ['PUSD', 'PTK']. */
  symbols: [string, string];
}

export interface DevchainExchange {
  router: Address;
  /** The wrapped native token the router swaps ETH through. */
  weth: Address;
  /** PUSD/PTK, WETH/PUSD, WETH/PTK. */
  pairs: DevchainPair[];
  /** Swap fee in basis points of the input (0.3%). */
  feeBps: number;
}

/** Liquidity each pair starts with, in whole tokens (priced like the API's static table: ETH 3000, PUSD 1, PTK 2.5). */
export const EXCHANGE_LIQUIDITY = {
  'PUSD/PTK': { PUSD: 1_000_000n, PTK: 400_000n },
  'WETH/PUSD': { WETH: 300n, PUSD: 900_000n },
  'WETH/PTK': { WETH: 300n, PTK: 360_000n },
} as const;

type PairKey = keyof typeof EXCHANGE_LIQUIDITY;
type Sym = 'WETH' | 'PUSD' | 'PTK';

export interface ExchangeAddresses {
  weth: Address;
  router: Address;
  pairs: Record<PairKey, Address>;
}

interface Create2 {
  factory: Address;
  salt: Hex;
}

const pairInitCode = (a: Address, b: Address): Hex =>
  concat([PorticoPair.bytecode as Hex, encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [a, b])]);
const routerInitCode = (weth: Address, pairs: Address[]): Hex =>
  concat([PorticoRouter.bytecode as Hex, encodeAbiParameters([{ type: 'address' }, { type: 'address[]' }], [weth, pairs])]);
const PAIR_KEYS = Object.keys(EXCHANGE_LIQUIDITY) as PairKey[];
const split = (key: PairKey) => key.split('/') as [Sym, Sym];

/** The exchange's CREATE2 addresses for these tokens (offline). */
export function exchangeAddresses(tokens: { PUSD: Address; PTK: Address }, { factory, salt }: Create2): ExchangeAddresses {
  const at = (bytecode: Hex) => getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode });
  const weth = at(PorticoWETH.bytecode as Hex);
  const token = { ...tokens, WETH: weth };
  const pairs = Object.fromEntries(PAIR_KEYS.map((k) => [k, at(pairInitCode(token[split(k)[0]], token[split(k)[1]]))])) as Record<PairKey, Address>;
  return { weth, pairs, router: at(routerInitCode(weth, PAIR_KEYS.map((k) => pairs[k]))) };
}

/**
 * Creates what is missing (WETH and the pairs, then the router, which reads the pairs' tokens in
 * its constructor) and seeds each pair whose liquidity supply is 0: tokens minted straight to the
 * pair, ETH wrapped by the deployer and transferred, then `mint` (shares to the deployer).
 * Idempotent like the rest of the deployment. Returns the pairs (their LP mints end the seeding).
 */
export async function deployExchange(deps: {
  publicClient: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, Account>;
  confirm(hashes: Hash[]): Promise<void>;
  tokens: { PUSD: Address; PTK: Address };
  create2: Create2;
}): Promise<DevchainExchange> {
  const { publicClient, wallet, confirm, tokens, create2 } = deps;
  const addresses = exchangeAddresses(tokens, create2);
  const token: Record<Sym, Address> = { ...tokens, WETH: addresses.weth };
  const decimals: Record<Sym, number> = { WETH: 18, PUSD: 6, PTK: 18 };
  // 1. WETH and the pairs, then the router.
  const { salt } = create2;
  await deployThroughCreate2Factory({ publicClient, wallet }, [
    { name: 'PorticoWETH', address: addresses.weth, salt, initCode: PorticoWETH.bytecode as Hex },
    ...PAIR_KEYS.map((k) => ({ name: `PorticoPair ${k}`, address: addresses.pairs[k], salt, initCode: pairInitCode(token[split(k)[0]], token[split(k)[1]]) })),
  ]);
  await deployThroughCreate2Factory({ publicClient, wallet }, [
    { name: 'PorticoRouter', address: addresses.router, salt, initCode: routerInitCode(addresses.weth, PAIR_KEYS.map((k) => addresses.pairs[k])) },
  ]);

  // 2. Liquidity, only for pairs that have none yet.
  const supplies = await Promise.all(
    PAIR_KEYS.map((k) => publicClient.readContract({ address: addresses.pairs[k], abi: porticoPairAbi, functionName: 'totalSupply' })),
  );
  const unseeded = PAIR_KEYS.filter((_, i) => supplies[i] === 0n);
  const hashes: Hash[] = [];
  for (const key of unseeded) {
    const pair = addresses.pairs[key];
    for (const sym of split(key)) {
      const amount = parseUnits(String(EXCHANGE_LIQUIDITY[key][sym as keyof (typeof EXCHANGE_LIQUIDITY)[PairKey]]), decimals[sym]);
      if (sym === 'WETH') {
        hashes.push(await wallet.writeContract({ address: addresses.weth, abi: porticoWETHAbi, functionName: 'deposit', value: amount }));
        hashes.push(await wallet.writeContract({ address: addresses.weth, abi: porticoWETHAbi, functionName: 'transfer', args: [pair, amount] }));
      } else {
        hashes.push(await wallet.writeContract({ address: token[sym], abi: porticoUSDAbi, functionName: 'mint', args: [pair, amount] }));
      }
    }
    hashes.push(await wallet.writeContract({ address: pair, abi: porticoPairAbi, functionName: 'mint', args: [wallet.account.address], gas: 300_000n }));
  }
  await confirm(hashes);

  const pairs = PAIR_KEYS.map((key): DevchainPair => {
    const [token0, token1] = [token[split(key)[0]], token[split(key)[1]]].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)) as [Address, Address];
    return { address: addresses.pairs[key], token0, token1, symbols: split(key) };
  });
  return { router: addresses.router, weth: addresses.weth, pairs, feeBps: 30 };
}
