/**
 * Development mode only (the demo and e2e): a new embedded wallet gets test ETH on every local dev chain,
 * so a person who just signed in can send and swap at once (from the EOA or its smart account). anvil's `anvil_setBalance` needs no
 * key; `isDemoChain` keeps it to flagged chains reached over loopback. Never runs in production. It only ever raises a
 * balance to the target: `anvil_setBalance` overwrites, and an address that holds more must not be drained to 10 ETH.
 */
import { PORTICO_ACCOUNT_FACTORY, porticoAccountSalt } from '@portico/bundler/account';
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import type { ChainEntry, ChainRuntime } from '../chains/runtime';
import { isDemoChain } from '../chains/devchain';
import type { Logger } from '../log';

/** What a new embedded wallet holds on each local dev chain: 10 ETH. */
export const DEVELOPMENT_WALLET_BALANCE_WEI = 10n * 10n ** 18n;

const accountFactoryAbi = parseAbi(['function getAddress(bytes32 salt) view returns (address)']);

/**
 * The wallet's smart account (Portico's account over Solady's ERC4337, services/bundler) on a chain where its
 * factory is deployed, or undefined: it pays its own user operations (no paymaster), so it is funded too.
 */
async function smartAccountOf(rpc: ChainEntry['rpc'], owner: string): Promise<string | undefined> {
  if ((await rpc.call<string>('eth_getCode', [PORTICO_ACCOUNT_FACTORY, 'latest'])) === '0x') return undefined;
  const data = encodeFunctionData({ abi: accountFactoryAbi, functionName: 'getAddress', args: [porticoAccountSalt(owner as Address)] });
  const result = await rpc.call<Hex>('eth_call', [{ to: PORTICO_ACCOUNT_FACTORY, data }, 'latest']);
  return decodeFunctionResult({ abi: accountFactoryAbi, functionName: 'getAddress', data: result });
}

/** Raises `address`'s balance to DEVELOPMENT_WALLET_BALANCE_WEI when it holds less; never lowers it. */
async function topUp(rpc: ChainEntry['rpc'], address: string): Promise<void> {
  const balance = BigInt(await rpc.call<Hex>('eth_getBalance', [address, 'latest']));
  if (balance < DEVELOPMENT_WALLET_BALANCE_WEI) await rpc.call('anvil_setBalance', [address, `0x${DEVELOPMENT_WALLET_BALANCE_WEI.toString(16)}`]);
}

/**
 * Tops up the wallet (and its smart account where the account factory is deployed) on each local dev chain; a
 * chain that refuses is logged, not fatal (the wallet exists either way).
 */
export async function fundOnDevchains(chains: ChainRuntime, address: string, log: Logger): Promise<void> {
  await Promise.all(
    chains
      .list()
      .filter((entry) => isDemoChain(entry.config))
      .map(async (entry) => {
        try {
          const smartAccount = await smartAccountOf(entry.rpc, address);
          for (const funded of smartAccount ? [address, smartAccount] : [address]) await topUp(entry.rpc, funded);
        } catch (error) {
          log.warn('embedded wallet: test ETH not set', { chainId: entry.config.caipNetworkId, error: String(error) });
        }
      }),
  );
}
