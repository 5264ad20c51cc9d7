/**
 * Development mode only (the demo and e2e): a new embedded wallet gets test ETH on every local dev chain,
 * so a person who just signed in by email can send and swap at once. anvil's `anvil_setBalance` needs no
 * key; `isDemoChain` keeps it to flagged chains reached over loopback. Never runs in production.
 */
import type { ChainRuntime } from '../chains/runtime';
import { isDemoChain } from '../chains/devchain';
import type { Logger } from '../log';

/** What a new embedded wallet holds on each local dev chain: 10 ETH. */
export const DEVELOPMENT_WALLET_BALANCE_WEI = 10n * 10n ** 18n;

/** Sets the balance on each local dev chain; a chain that refuses is logged, not fatal (the wallet exists either way). */
export async function fundOnDevchains(chains: ChainRuntime, address: string, log: Logger): Promise<void> {
  const balance = `0x${DEVELOPMENT_WALLET_BALANCE_WEI.toString(16)}`;
  await Promise.all(
    chains
      .list()
      .filter((entry) => isDemoChain(entry.config))
      .map(async (entry) => {
        try {
          await entry.rpc.call('anvil_setBalance', [address, balance]);
        } catch (error) {
          log.warn('embedded wallet: test ETH not set', { chainId: entry.config.caipNetworkId, error: String(error) });
        }
      }),
  );
}
