/**
 * What the Networks view needs to say about a network switch in a person's words (issue 31, spec §4 and §8): why a
 * switch failed, and when a switch would leave the page without a wallet.
 */
import type { AccountState } from './atoms';
import type { ChainNamespace } from './constants';
import { isUserRejection, PorticoError } from './errors';
import type { CaipNetwork } from './network';

/**
 * Why a switch failed: the person declined in the wallet; the wallet does not know the chain and could not add it
 * (spec §8 'Chain is not supported'); or anything else.
 */
export type SwitchFailureReason = 'declined' | 'unsupported' | 'failed';

export interface SwitchFailure {
  reason: SwitchFailureReason;
  /** For `failed`: the wallet's error in plain words, when it is a known code (spec §8's RPC codes). */
  detail?: string;
}

/** EIP-1193 4200 (cannot add chains), EIP-3085 4902 (unknown chain), EIP-5792 5710 (unsupported chain id). */
const UNSUPPORTED_CHAIN_CODES = new Set([4200, 4902, 5710]);

const hasUnsupportedCode = (error: unknown) => {
  const test = (cause: unknown) => UNSUPPORTED_CHAIN_CODES.has((cause as { code?: number } | null)?.code ?? 0);
  return error instanceof PorticoError ? error.walk(test) !== null : test(error);
};

/**
 * Why `error` (thrown by `connection.switchNetwork`) ended the switch. viem, which words the wallet's codes, loads
 * only here, after a switch failed.
 *
 * @example
 * await describeSwitchFailure(new SwitchChainError(11155111, { code: 4001 })); // { reason: 'declined' }
 * await describeSwitchFailure(new SwitchChainError(11155111, { code: -32603 })); // { reason: 'failed', detail: 'An internal error was received.' }
 */
export async function describeSwitchFailure(error: unknown): Promise<SwitchFailure> {
  if (isUserRejection(error)) return { reason: 'declined' };
  if (hasUnsupportedCode(error)) return { reason: 'unsupported' };
  const { walletErrorText } = await import('./wallet-errors');
  return { reason: 'failed', detail: walletErrorText(error) };
}

/**
 * The namespace of `network` when switching there would leave the page without a wallet: it is another namespace
 * than the active one, which has a wallet connected, and none is connected in it. The person connects one there
 * first (Connect lists only that namespace's wallets). Undefined: switch at once.
 *
 * @example
 * walletNeededFor({ eip155: connected }, 'eip155', solanaMainnet); // 'solana'
 */
export function walletNeededFor(
  accounts: Partial<Record<ChainNamespace, AccountState>>,
  activeNamespace: ChainNamespace,
  network: CaipNetwork,
): ChainNamespace | undefined {
  const target = network.chainNamespace;
  if (target === activeNamespace || accounts[activeNamespace]?.status !== 'connected') return undefined;
  return accounts[target]?.status === 'connected' ? undefined : target;
}
