/**
 * The embedded wallet's EIP-1193 provider, for the host (`getProvider`) and the views alike. Safe methods pass;
 * a method that signs or spends goes to the secure site, which draws the approval screen in its own frame and
 * signs only after the person's click there (issue 28; spec section 6): the modal shows that frame
 * (ApproveTransaction) and waits for the frame's answer. Anything else is refused with 'Requested RPC call is not allowed'.
 */
import * as z from 'zod/mini';
import { recordOf } from '../storage';
import { PorticoError, UserRejectedRequestError } from '../errors';
import type { FrameChannel, FrameNotification } from './channel-types';
import { EMBEDDED_ALERTS } from './constants';
import { InvalidEmbeddedMessageError, RpcMethodNotAllowedError } from './errors';
import { parsePayload, REQUESTS } from './messages';
import { classifyRpcMethod } from './rpc-policy';
import { validWalletAssets } from './wallet-assets';

export interface EmbeddedProviderOptions {
  channel: Pick<FrameChannel, 'request'>;
  /** The embedded account's address; undefined while signed out. */
  account: () => string | undefined;
  /** The embedded wallet's chain (eip155 id). */
  chainId: () => number;
  /** A method off the allow-lists: the UI opens the modal and shows 'Action not allowed' after `ACTION_NOT_ALLOWED_DELAY_MS`. */
  onNotAllowed: (method: string) => void;
  /**
   * The secure site answered a request the person approved, with `result` (a send from the smart account may have
   * deployed it; a wallet_sendCalls id is followed).
   */
  onApproved?: (method: string, params: unknown, result: unknown) => void;
}

type EventName = 'accountsChanged' | 'chainChanged' | 'disconnect';

export interface EmbeddedProvider {
  /**
   * @throws {RpcMethodNotAllowedError} 4200 'Requested RPC call is not allowed'
   * @throws {UserRejectedRequestError} 4001 when the person rejects in the secure site's approval screen (or leaves it)
   * @throws {EmbeddedWalletError} -32602 params the secure site cannot parse or show (nothing is shown or signed)
   * @throws {EmbeddedNotConnectedError} 4100 a method that needs approval while signed out
   * @throws the channel's errors (`EmbeddedWalletError` with the secure site's message and code, timeouts, …)
   */
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: EventName, listener: (payload: unknown) => void): void;
  removeListener(event: EventName, listener: (payload: unknown) => void): void;
  /** Pass the channel's notifications here (`createFrameChannel({ onNotification: provider.handleNotification })`). */
  handleNotification(notification: FrameNotification): void;
}

const requestArgsSchema = z.object({
  method: z.string().check(z.maxLength(64)),
  params: z.optional(z.union([z.array(z.unknown()), recordOf(z.unknown())])),
});

/** EIP-1193 4001: the frame's code for a rejected approval. */
const USER_REJECTED_CODE = 4001;

/** EIP-1193 4900: the wallet's session ended (the secure site reported it expired). */
const DISCONNECTED_CODE = 4900;

/** A request that needs the account while no one is signed in (spec section 8's wording); EIP-1193 4100. */
export class EmbeddedNotConnectedError extends PorticoError {
  override name = 'EmbeddedNotConnectedError';
  readonly code = 4100;
  constructor() {
    super('Please call connect() before request()');
  }
}

/**
 * Creates the provider. eth_accounts, eth_requestAccounts and eth_chainId are answered locally; everything else travels as
 * RPC_REQUEST on the current chain.
 *
 * @example
 * const provider = createEmbeddedProvider({
 *   channel,
 *   account: () => user?.address,
 *   chainId: () => 31337,
 *   onNotAllowed: () => showActionNotAllowed(),
 * });
 * await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x16345785d8a0000' }] });
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): EmbeddedProvider {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const emit = (event: EventName, payload: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  return {
    async request(args) {
      const parsed = parsePayload(requestArgsSchema, args);
      if (!parsed.ok) throw new InvalidEmbeddedMessageError(`request ${parsed.issue}`);
      const { method, params } = parsed.value;
      const account = options.account();
      // eth_requestAccounts too: the embedded account is connected through the modal, never by a prompt here.
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return account ? [account] : [];
      if (method === 'eth_chainId') return `0x${options.chainId().toString(16)}`;
      const methodClass = classifyRpcMethod(method);
      if (methodClass === 'disallowed') {
        options.onNotAllowed(method);
        throw new RpcMethodNotAllowedError(method);
      }
      const rpc = parsePayload(REQUESTS.RPC_REQUEST.payload, { method, params, chainId: options.chainId() });
      if (!rpc.ok) throw new InvalidEmbeddedMessageError(`RPC_REQUEST ${rpc.issue}`);
      if (methodClass === 'needs-approval' && !account) throw new EmbeddedNotConnectedError();
      // The secure site shows its approval screen (APPROVAL_SHOWN) and answers once the person decided there.
      let result: unknown;
      try {
        ({ result } = await options.channel.request('RPC_REQUEST', rpc.value));
      } catch (error) {
        // The person rejected (or left) the frame's screen: the dapp gets EIP-1193's own rejection.
        if (methodClass === 'needs-approval' && (error as { code?: unknown }).code === USER_REJECTED_CODE) throw new UserRejectedRequestError(error);
        throw error;
      }
      if (methodClass === 'needs-approval') options.onApproved?.(method, params, result);
      // Spec §5: the host gets only the assets that meet the rule, whatever the frame answered.
      return method === 'wallet_getAssets' ? validWalletAssets(result) : result;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    handleNotification(notification) {
      if (notification.name === 'ACCOUNTS_CHANGED') emit('accountsChanged', notification.payload.accounts);
      else if (notification.name === 'CHAIN_CHANGED') {
        const { chainId } = notification.payload;
        emit('chainChanged', typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId);
      } else if (notification.name === 'SESSION_EXPIRED') emit('disconnect', { code: DISCONNECTED_CODE, message: EMBEDDED_ALERTS.sessionExpired });
    },
  };
}
