import type { Store } from 'jotai/vanilla';
import { amountProblem, createSendForm, type SendController, type SendFlow } from './send-form';

export type { SendController } from './send-form';
import type { BalanceItem } from '../api/blockchain';
import type { ApiContext } from '../api/client';
import { fetchNameProfile } from '../api/names';
import type { ChainAdapter } from '../adapters/types';
import { decodeAddress } from '../address/decode';
import { activeAccountAtom, activeNetworkAtom, initialSendState, sendAtom, type SendState } from '../atoms';
import { PENDING_TRANSACTIONS_MAX, type ChainNamespace } from '../constants';
import { errorText, isUserRejection, PorticoError } from '../errors';
import { walletErrorText } from '../wallet-errors';
import { logs } from '../log-buffer';
import type { EventBus } from '../events';
import type { CaipNetwork } from '../network';
import { NAME_ZONE } from '../names';

/** Sends are supported on eip155 and solana (spec section 5). */
const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana'];

/** A receiver typed as one of the name service's names (`alice.portico.eth`), which the API resolves. */
export const isReceiverName = (text: string) => text.toLowerCase().endsWith(`.${NAME_ZONE}`);

/** The first problem with a send form, in the spec's wording (section 5), or undefined. */
export function validateSend(state: SendState, namespace: ChainNamespace): string | undefined {
  if (!SEND_NAMESPACES.includes(namespace)) return `Send is not supported on ${namespace}`;
  if (!state.sendTokenAmount || !state.receiverAddress) return 'An amount and receiver address are required';
  if (namespace === 'eip155' && !state.token) return 'A token is required';
  // The full check (solana: base58 of 32 bytes), not only the spec's shape: a near miss must not reach the wallet.
  if (!decodeAddress(namespace, receiverOf(state))) return state.receiverError ?? 'Invalid address';
  const problem = amountProblem(state.sendTokenAmount, state.token);
  if (problem) return problem;
  return Number(state.sendTokenAmount) > 0 ? undefined : 'Invalid amount';
}

const AMOUNT_PROBLEMS = /^(Not a number|Invalid amount|Insufficient funds|Too many decimals: .*)$/;
const RECEIVER_PROBLEMS = /^(Invalid address|Name not found|Error resolving name)$/;

/**
 * The field a problem belongs to, where the person fixes it (the amount, the receiver), or 'error' for the whole
 * form. A refused preview sets it there and as `error` (which views without fields, such as Pay, show).
 */
export function problemField(problem: string): 'amountError' | 'receiverError' | 'error' {
  if (AMOUNT_PROBLEMS.test(problem)) return 'amountError';
  return RECEIVER_PROBLEMS.test(problem) ? 'receiverError' : 'error';
}

/** Where the transfer goes: the address a name resolved to, else the address as typed. */
const receiverOf = (state: SendState) => state.resolvedReceiver ?? state.receiverAddress.trim();

/** Only https: avatars are shown (no http: mixed content, no data: or javascript: payloads). */
function httpsUrl(value: string | undefined): string | undefined {
  try {
    return value && new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
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
  /** The name service, for receivers typed as names; without it a name is 'Error resolving name'. */
  api?: ApiContext;
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>;
  events: EventBus;
  /** Refreshes balances once a send is mined. */
  onSent(): void;
}): SendFlow {
  const { store, events } = deps;
  const state = () => store.get(sendAtom);
  const patch = (next: Partial<SendState>) => store.set(sendAtom, { ...state(), ...next });
  let receiverSeq = 0;
  /**
   * The sent transactions whose receipt the flow still waits for, oldest first. A reset form can send again while an
   * earlier one is being mined; past the spec's 99 (§9) the oldest is let go, and its receipt, when it comes, changes
   * nothing. Only the transaction on screen moves the form; any mined one refreshes the balances.
   */
  const pending = new Set<string>();
  function follow(hash: string) {
    pending.delete(hash);
    pending.add(hash);
    for (const oldest of pending) {
      if (pending.size <= PENDING_TRANSACTIONS_MAX) break;
      pending.delete(oldest);
    }
  }
  const onScreen = (hash: string) => state().pendingHash === hash;

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
    to: receiverOf(current),
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
        patch({ error: problem, [problemField(problem)]: problem, status: 'editing' });
        return undefined;
      }
      patch({ status: 'awaiting-signature', error: undefined, pendingHash: undefined, explorerUrl: undefined });
      events.track('SEND_INITIATED', { network: network.caipNetworkId, token: current.token?.symbol });
      const hash = await adapter.sendTransfer(account.connectorId, transferFor(account.address, current), network);
      return { hash, network, adapter };
    } catch (error) {
      // A wallet's or node's error in words (spec §8), not its raw text.
      const message = isUserRejection(error) ? 'Signature declined' : (walletErrorText(error) ?? errorText(error));
      if (!isUserRejection(error)) logs.warn('send failed', error);
      patch({ status: 'failed', error: message, pendingHash: undefined, explorerUrl: undefined });
      events.track('SEND_ERROR', { message });
      return undefined;
    }
  }

  /** Waits for the receipt of a sent transaction: success, a revert, or 'unconfirmed' when it cannot be read. */
  async function confirm(hash: string, network: CaipNetwork, adapter: ChainAdapter): Promise<boolean> {
    patch({ status: 'pending', pendingHash: hash, explorerUrl: explorerUrl(network, hash), error: undefined });
    follow(hash);
    let outcome: Awaited<ReturnType<ChainAdapter['waitForTransaction']>>;
    try {
      outcome = await adapter.waitForTransaction(hash, network);
    } catch (error) {
      logs.warn(`the receipt of ${hash} could not be read`, error);
      if (!pending.delete(hash)) return false;
      if (onScreen(hash)) patch({ status: 'unconfirmed', error: unconfirmedText(error) });
      events.track('SEND_ERROR', { message: 'unconfirmed', hash });
      return false;
    }
    if (!pending.delete(hash)) return false;
    if (outcome.status !== 'success') {
      // The hash stays: a reverted transaction is on chain, and its explorer page says why.
      const message = 'The transaction was reverted on chain.';
      if (onScreen(hash)) patch({ status: 'failed', error: message });
      events.track('SEND_ERROR', { message, hash });
      return false;
    }
    const current = state();
    if (onScreen(hash)) {
      store.set(sendAtom, {
        ...initialSendState,
        status: 'success',
        lastTransaction: {
          hash,
          explorerUrl: explorerUrl(network, hash),
          amount: current.sendTokenAmount,
          symbol: current.token?.symbol ?? network.nativeCurrency.symbol,
          receiver: receiverOf(current),
          receiverName: current.resolvedReceiver ? current.receiverProfileName : undefined,
        },
      });
    }
    events.track('SEND_SUCCESS', { network: network.caipNetworkId, hash });
    deps.onSent();
    return true;
  }

  async function checkReceiver() {
    const seq = ++receiverSeq;
    const typed = state().receiverAddress.trim();
    const network = store.get(activeNetworkAtom);
    if (!typed || !network) return;
    if (!isReceiverName(typed)) {
      patch({ receiverError: decodeAddress(network.chainNamespace, typed) ? undefined : 'Invalid address' });
      return;
    }
    patch({ receiverResolving: true, receiverError: undefined });
    const found = await resolveName(typed.toLowerCase(), network);
    // A newer receiver was typed meanwhile: its own check answers.
    if (seq !== receiverSeq || state().receiverAddress.trim() !== typed) return;
    patch({ receiverResolving: false, ...found });
  }

  async function resolveName(name: string, network: CaipNetwork): Promise<Partial<SendState>> {
    try {
      if (!deps.api) throw new PorticoError('Error resolving name');
      const profile = await fetchNameProfile(deps.api, name);
      // A name service record holds EVM addresses (one per coin type): any of them receives on this network.
      const address = Object.values(profile?.addresses ?? {}).find((entry) => decodeAddress(network.chainNamespace, entry.address))?.address;
      if (!profile || !address) return { receiverError: 'Name not found' };
      return { resolvedReceiver: address, receiverProfileName: profile.name, receiverProfileImageUrl: httpsUrl(profile.attributes?.avatar) };
    } catch {
      return { receiverError: 'Error resolving name' };
    }
  }

  return {
    checkReceiver,

    async preselectToken(tokens) {
      const token = preselectedToken(state(), tokens, store.get(activeNetworkAtom));
      if (token) patch({ token });
      return token !== undefined;
    },

    async preview() {
      if (IN_FLIGHT.includes(state().status)) return false;
      try {
        const { account, network, adapter } = context();
        // A name typed a moment ago may not have resolved yet.
        if (!state().resolvedReceiver) await checkReceiver();
        const problem = validateSend(state(), network.chainNamespace);
        if (problem) {
          patch({ error: problem, [problemField(problem)]: problem, status: 'editing' });
          return false;
        }
        patch({ status: 'estimating', error: undefined });
        const fee = await adapter.estimateTransferFee(transferFor(account.address, state()), network);
        patch({ fee, status: 'preview' });
        return true;
      } catch (error) {
        // Estimating asks the node: "insufficient funds" and reverts come back in its words.
        patch({ status: 'editing', error: walletErrorText(error) ?? errorText(error) });
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
  return createSendForm(deps.store, createSendFlow(deps));
}
