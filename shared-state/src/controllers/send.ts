import type { Store } from 'jotai/vanilla';
import { createSendForm, type SendController, type SendFlowMethod } from './send-form';

export type { SendController } from './send-form';
import type { BalanceItem } from '../api/blockchain';
import type { ChainAdapter } from '../adapters/types';
import { decodeAddress } from '../address/decode';
import { activeAccountAtom, activeNetworkAtom, initialSendState, sendAtom, type SendState } from '../atoms';
import type { ChainNamespace } from '../constants';
import { errorText, isUserRejection, PorticoError } from '../errors';
import type { EventBus } from '../events';
import type { CaipNetwork } from '../network';

/** Sends are supported on eip155 and solana (spec section 5). */
const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana'];
const DECIMAL_AMOUNT = /^(?:\d+\.?\d*|\.\d+)$/;

/** The first problem with a send form, in the spec's wording (section 5), or undefined. */
export function validateSend(state: SendState, namespace: ChainNamespace): string | undefined {
  if (!SEND_NAMESPACES.includes(namespace)) return `Send is not supported on ${namespace}`;
  if (!state.sendTokenAmount || !state.receiverAddress) return 'An amount and receiver address are required';
  if (namespace === 'eip155' && !state.token) return 'A token is required';
  // The full check (solana: base58 of 32 bytes), not only the spec's shape: a near miss must not reach the wallet.
  if (!decodeAddress(namespace, state.receiverAddress.trim())) return 'Invalid address';
  if (!DECIMAL_AMOUNT.test(state.sendTokenAmount) || Number(state.sendTokenAmount) <= 0) return 'Invalid amount';
  const decimals = Number(state.token?.quantity.decimals ?? 18);
  const fraction = state.sendTokenAmount.split('.')[1] ?? '';
  if (fraction.length > decimals) return `Too many decimals: ${state.token?.symbol ?? 'this token'} has ${decimals}`;
  if (state.token && Number(state.sendTokenAmount) > Number(state.token.quantity.numeric)) return 'Insufficient funds';
  return undefined;
}

/**
 * The token Send starts with: the network's native token when nothing is chosen yet and the
 * account holds a non-zero balance of it; undefined otherwise (the person picks).
 */
export function preselectedToken(state: SendState, tokens: readonly BalanceItem[], network: CaipNetwork | undefined): BalanceItem | undefined {
  if (state.token || state.status !== 'editing' || !network) return undefined;
  return tokens.find((token) => !token.address && token.chainId === network.caipNetworkId && Number(token.quantity.numeric) > 0);
}

/** States in which a transaction is on its way: no new preview or send may start. */
const IN_FLIGHT: readonly SendState['status'][] = ['awaiting-signature', 'pending', 'unconfirmed'];

const unconfirmedText = (error: unknown) => `The transaction was sent, but its confirmation could not be read: ${errorText(error)}`;

/** The token's contract address from its CAIP-10 `address`, absent for the native token. */
const tokenContract = (token: BalanceItem | undefined) => token?.address?.split(':').pop();

/** The signing half of sending (validation, fee, wallet, receipt): loaded when a send is previewed. */
export function createSendFlow(deps: {
  store: Store;
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>;
  events: EventBus;
  /** Refreshes balances once a send is mined. */
  onSent(): void;
}): Pick<SendController, SendFlowMethod> {
  const { store, events } = deps;
  const state = () => store.get(sendAtom);
  const patch = (next: Partial<SendState>) => store.set(sendAtom, { ...state(), ...next });

  function context() {
    const account = store.get(activeAccountAtom);
    const network = store.get(activeNetworkAtom);
    if (account.status !== 'connected' || !account.address || !account.connectorId || !network) {
      throw new PorticoError('Connect a wallet before sending.');
    }
    const adapter = deps.adapters[network.chainNamespace];
    if (!adapter) throw new PorticoError('Chain adapter not found');
    return { account: { ...account, address: account.address, connectorId: account.connectorId }, network, adapter };
  }

  const transferFor = (from: string, current: SendState) => ({
    from,
    to: current.receiverAddress.trim(),
    amount: current.sendTokenAmount,
    decimals: Number(current.token?.quantity.decimals ?? 18),
    tokenAddress: tokenContract(current.token),
  });

  const explorerUrl = (network: CaipNetwork, hash: string) => {
    const base = network.blockExplorers?.default.url;
    return base ? `${base.replace(/\/$/, '')}/tx/${hash}` : undefined;
  };

  /** Validates, then hands the transfer to the wallet; undefined when nothing was sent. */
  async function signAndSend() {
    try {
      const { account, network, adapter } = context();
      const current = state();
      const problem = validateSend(current, network.chainNamespace);
      if (problem) {
        patch({ error: problem, status: 'editing' });
        return undefined;
      }
      patch({ status: 'awaiting-signature', error: undefined });
      events.track('SEND_INITIATED', { network: network.caipNetworkId, token: current.token?.symbol });
      const hash = await adapter.sendTransfer(account.connectorId, transferFor(account.address, current), network);
      return { hash, network, adapter };
    } catch (error) {
      const message = isUserRejection(error) ? 'Signature declined' : errorText(error);
      patch({ status: 'failed', error: message, pendingHash: undefined });
      events.track('SEND_ERROR', { message });
      return undefined;
    }
  }

  /** Waits for the receipt of a sent transaction: success, a revert, or 'unconfirmed' when it cannot be read. */
  async function confirm(hash: string, network: CaipNetwork, adapter: ChainAdapter): Promise<boolean> {
    patch({ status: 'pending', pendingHash: hash, error: undefined });
    let outcome: Awaited<ReturnType<ChainAdapter['waitForTransaction']>>;
    try {
      outcome = await adapter.waitForTransaction(hash, network);
    } catch (error) {
      patch({ status: 'unconfirmed', error: unconfirmedText(error) });
      events.track('SEND_ERROR', { message: 'unconfirmed', hash });
      return false;
    }
    if (outcome.status !== 'success') {
      const message = 'The transaction was reverted on chain.';
      patch({ status: 'failed', error: message, pendingHash: undefined });
      events.track('SEND_ERROR', { message, hash });
      return false;
    }
    const current = state();
    store.set(sendAtom, {
      ...initialSendState,
      status: 'success',
      lastTransaction: {
        hash,
        explorerUrl: explorerUrl(network, hash),
        amount: current.sendTokenAmount,
        symbol: current.token?.symbol ?? network.nativeCurrency.symbol,
        receiver: current.receiverAddress.trim(),
      },
    });
    events.track('SEND_SUCCESS', { network: network.caipNetworkId, hash });
    deps.onSent();
    return true;
  }

  return {
    async preselectToken(tokens) {
      const token = preselectedToken(state(), tokens, store.get(activeNetworkAtom));
      if (token) patch({ token });
      return token !== undefined;
    },

    async preview() {
      if (IN_FLIGHT.includes(state().status)) return false;
      try {
        const { account, network, adapter } = context();
        const problem = validateSend(state(), network.chainNamespace);
        if (problem) {
          patch({ error: problem, status: 'editing' });
          return false;
        }
        patch({ status: 'estimating', error: undefined });
        const fee = await adapter.estimateTransferFee(transferFor(account.address, state()), network);
        patch({ fee, status: 'preview' });
        return true;
      } catch (error) {
        patch({ status: 'editing', error: errorText(error) });
        return false;
      }
    },

    async send() {
      // A transaction the wallet already sent is only ever checked again, never sent a second time.
      if (IN_FLIGHT.includes(state().status)) return false;
      const sent = await signAndSend();
      return sent ? confirm(sent.hash, sent.network, sent.adapter) : false;
    },

    async checkAgain() {
      const { pendingHash, status } = state();
      if (status !== 'unconfirmed' || !pendingHash) return false;
      try {
        const { network, adapter } = context();
        return await confirm(pendingHash, network, adapter);
      } catch (error) {
        patch({ status: 'unconfirmed', error: unconfirmedText(error) });
        return false;
      }
    },
  };
}

/** Form and flow together (the core loads the flow lazily; tests use this directly). */
export function createSendController(deps: Parameters<typeof createSendFlow>[0]): SendController {
  return { ...createSendForm(deps.store), ...createSendFlow(deps) };
}
