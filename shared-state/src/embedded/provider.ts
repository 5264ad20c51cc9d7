/**
 * The embedded wallet's EIP-1193 provider, for the host (`getProvider`) and the views alike: every request
 * goes through the approval gate (spec section 6) before the secure site sees it. Safe methods pass;
 * methods that sign or spend are described (`describeRequest`) and wait for the person's approve; anything
 * else is refused with 'Requested RPC call is not allowed'.
 */
import * as z from 'zod/mini';
import { recordOf } from '../storage';
import { PorticoError, UserRejectedRequestError } from '../errors';
import type { EmbeddedAccountType } from '../constants';
import type { CaipNetwork } from '../network';
import { describeRequest, type RequestDescription } from './approval';
import type { FrameChannel, FrameNotification } from './channel-types';
import { EMBEDDED_ALERTS, MAX_PENDING_REQUESTS } from './constants';
import { AtomicityNotSupportedError, InvalidEmbeddedMessageError, RpcMethodNotAllowedError, TooManyEmbeddedRequestsError } from './errors';
import { parsePayload, REQUESTS } from './messages';
import { classifyRpcMethod } from './rpc-policy';

export interface EmbeddedProviderOptions {
  channel: Pick<FrameChannel, 'request'>;
  /** The embedded account's address; undefined while signed out. */
  account: () => string | undefined;
  /** The embedded wallet's chain (eip155 id). */
  chainId: () => number;
  /** The connected account's type: an EOA cannot promise an all-or-nothing batch. Default 'eoa'. */
  accountType?: () => EmbeddedAccountType;
  /** The host's configured networks: a request for a chain outside them is refused. */
  networks: () => readonly CaipNetwork[];
  /**
   * Shows ApproveTransaction with `description`; resolves true on approve, false on reject. Called for one
   * request at a time (the next waits), so the view never stacks approvals.
   */
  approve: (description: RequestDescription) => Promise<boolean>;
  /** A method off the allow-lists: the UI opens the modal and shows 'Action not allowed' after `ACTION_NOT_ALLOWED_DELAY_MS`. */
  onNotAllowed: (method: string) => void;
  /** The secure site answered a request the person approved (a send from the smart account may have deployed it). */
  onApproved?: (method: string) => void;
}

type EventName = 'accountsChanged' | 'chainChanged' | 'disconnect';

export interface EmbeddedProvider {
  /**
   * @throws {RpcMethodNotAllowedError} 4200 'Requested RPC call is not allowed'
   * @throws {UserRejectedRequestError} 4001 when the person rejects in ApproveTransaction
   * @throws {InvalidApprovalRequestError} -32602 params the gate cannot parse or check (nothing is shown or sent)
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
 *   networks: () => options.networks,
 *   approve: (description) => openApproveTransaction(description), // resolves when the person decides
 *   onNotAllowed: () => showActionNotAllowed(),
 * });
 * await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x16345785d8a0000' }] });
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): EmbeddedProvider {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const emit = (event: EventName, payload: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  /** Approvals run one after another; this is the tail of that queue. */
  let approvals: Promise<unknown> = Promise.resolve();
  let waitingApprovals = 0;

  async function askApproval(description: RequestDescription): Promise<boolean> {
    if (waitingApprovals >= MAX_PENDING_REQUESTS) throw new TooManyEmbeddedRequestsError(MAX_PENDING_REQUESTS);
    waitingApprovals += 1;
    const decision = approvals.then(() => options.approve(description));
    approvals = decision.catch(() => undefined);
    try {
      return await decision;
    } finally {
      waitingApprovals -= 1;
    }
  }

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
      const chainId = options.chainId();
      // Checked before the person is asked: a request the secure site would refuse is not worth an approval.
      const rpc = parsePayload(REQUESTS.RPC_REQUEST.payload, { method, params, chainId });
      if (!rpc.ok) throw new InvalidEmbeddedMessageError(`RPC_REQUEST ${rpc.issue}`);
      if (methodClass === 'needs-approval') {
        if (!account) throw new EmbeddedNotConnectedError();
        const description = describeRequest({ method, params }, { account, chainId, networks: options.networks() });
        // The secure site would refuse it after the approval: the person is not asked for nothing.
        if (description.kind === 'calls' && description.atomicRequired && (options.accountType?.() ?? 'eoa') === 'eoa') {
          throw new AtomicityNotSupportedError();
        }
        if (!(await askApproval(description))) throw new UserRejectedRequestError();
      }
      const { result } = await options.channel.request('RPC_REQUEST', rpc.value);
      if (methodClass === 'needs-approval') options.onApproved?.(method);
      return result;
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
      } else emit('disconnect', { code: DISCONNECTED_CODE, message: EMBEDDED_ALERTS.sessionExpired });
    },
  };
}
