/**
 * EIP-5792 (version 2.0.0) for the embedded wallet: wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus.
 * A wallet_sendCalls is checked (`prepare`, at most `MAX_SEND_CALLS` calls, as shared-state's `describeRequest`),
 * shown on the frame's approval screen (./approvals.ts) and, once approved, sent (`send`):
 *
 * - from the smart account: ONE user operation with every call (atomic); the id is the operation's hash;
 * - from the EOA: one transaction per call, each sent once the previous one's receipt says success (so nonces and
 *   allowances hold), stopping at the first failure; not atomic, so `atomicRequired: true` is refused (5760).
 *
 * The batches are kept in this origin's storage (./kept-batches.ts), each EOA transaction's hash recorded before it
 * is broadcast, so a reload midway loses none (issue 29): afterwards wallet_getCallsStatus reports the receipts that
 * exist, and the calls the closed page never sent stay unsent (nothing here sends a kept batch's calls again). While
 * a page still sends a batch it holds a Web Lock named after it, so another page of this origin (another tab of the
 * site) reports it pending rather than stopped. An id that is not kept is 5730.
 *
 * @example
 * const batches = createCallBatches({ signFromKey, broadcast, readReceipt, readTransaction, userOperationOutcome,
 *   smartAccountsOn: (id) => id === 31337, storage: localStorage, storageKey, locks: navigator.locks, sleep, now: Date.now });
 * const batch = batches.prepare([{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls }], active, 31337);
 * const { id } = await batches.send(batch, active, 31337); // once the person approved it
 * await batches.getCallsStatus([id]);
 * // { version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200, receipts: [{ status: '0x1', logs, … }] }
 */
import { MAX_SEND_CALLS } from '@portico/shared-state/embedded';
import { keccak256, toHex, type Address, type Hex, type LocalAccount } from 'viem';
import { z } from 'zod';
import { batchId, createKeptBatches, hash32, KEPT_BATCH_LIFETIME_MS, MAX_KEPT_BATCHES, type KeptBatchesDeps } from './kept-batches';
import { address, assertOwn, hexData, InvalidParamsError, parseParams, quantity } from './rpc-params';
import type { SmartAccount, SmartAccountCall, UserOperationOutcome } from './smart-account';

export { KEPT_BATCH_LIFETIME_MS, MAX_KEPT_BATCHES, MAX_SEND_CALLS };
/** Chains one wallet_getCapabilities may ask about. */
export const MAX_CAPABILITY_CHAINS = 64;
/** How often an EOA batch asks the node for its latest transaction's receipt (ms). */
export const BATCH_RECEIPT_POLL_INTERVAL_MS = 1_000;
/** How long an EOA batch waits for one transaction's receipt before it stops sending the rest (ms). */
export const BATCH_RECEIPT_TIMEOUT_MS = 5 * 60_000;
export const CALLS_VERSION = '2.0.0';

/** EIP-5792's error codes, with its wording. */
export const CALLS_ERRORS = {
  unsupportedCapability: { code: 5700, message: (name: string) => `This wallet does not support a capability that was not marked as optional: ${name}` },
  duplicateId: { code: 5720, message: 'There is already a batch submitted with this id' },
  unknownId: {
    code: 5730,
    message: `Unknown bundle id: this wallet keeps the status of its last ${MAX_KEPT_BATCHES} batches for ${KEPT_BATCH_LIFETIME_MS / 3_600_000} hours, until sign-out`,
  },
  tooLarge: { code: 5740, message: `The batch is too large for this wallet to process: at most ${MAX_SEND_CALLS} calls` },
  atomicityNotSupported: { code: 5760, message: 'Atomicity not supported: the EOA sends the calls one transaction at a time; switch to the smart account to send them atomically' },
} as const;
export const MISSING_CAPABILITIES_ADDRESS = 'Missing address parameter in wallet_getCapabilities request';

/** An EIP-5792 refusal: its code is the EIP's. */
export class CallsError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The account the request is for: the key, and the smart account when it is the active one. */
export interface ActiveAccount {
  address: string;
  owner: LocalAccount;
  smartAccount?: SmartAccount;
}

/** One call's receipt as EIP-5792 reports it (a subset of eth_getTransactionReceipt's). */
export interface CallsReceipt {
  logs: { address: Address; data: Hex; topics: Hex[] }[];
  status: '0x1' | '0x0';
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  transactionHash: Hex;
}

export interface CallsStatus {
  version: typeof CALLS_VERSION;
  id: string;
  chainId: Hex;
  atomic: boolean;
  /**
   * EIP-5792's codes: 100 pending, 200 confirmed, 400 nothing landed and nothing more will be sent (offchain failure),
   * 500 reverted completely, 600 partly done (some calls landed, then one reverted or the rest were never sent).
   */
  status: 100 | 200 | 400 | 500 | 600;
  /** The receipts of the transactions included so far, in order (an EOA batch's later calls may have none yet). */
  receipts: CallsReceipt[];
}

/** The part of the Web Locks API (`navigator.locks`) used to tell a batch still being sent by some page of this origin. */
export interface BatchLocks {
  /** Holds the lock `name` until the callback's promise settles. */
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

export interface CallBatchesDeps {
  /** Prepares and signs one call as a transaction from the key on a chain: the signed bytes (nothing is sent). */
  signFromKey(owner: LocalAccount, chainId: number, call: SmartAccountCall): Promise<Hex>;
  /** Sends signed bytes to the chain (`eth_sendRawTransaction`); the node's answer is not needed: the hash is the bytes'. */
  broadcast(signed: Hex, chainId: number): Promise<unknown>;
  /** The node's `eth_getTransactionReceipt` answer (checked here). */
  readReceipt(hash: Hex, chainId: number): Promise<unknown>;
  /** The node's `eth_getTransactionByHash` answer (checked here): null when the node does not know the transaction. */
  readTransaction(hash: Hex, chainId: number): Promise<unknown>;
  /** The bundler's outcome of a user operation the key's smart account sent on a chain (null: not bundled yet). */
  userOperationOutcome(hash: Hex, chainId: number): Promise<UserOperationOutcome | null>;
  smartAccountsOn(chainId: number): boolean;
  /** This origin's storage and the session's scoped key for the kept batches (./kept-batches.ts). */
  storage: KeptBatchesDeps['storage'];
  storageKey: string;
  /** The browser's Web Locks; without them only this page's own sending counts as pending. */
  locks?: BatchLocks;
  sleep(ms: number): Promise<void>;
  now(): number;
}

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity');
/** A capability the dapp names; only `optional` matters here (this wallet supports none it could be asked for). */
const capabilities = z.record(z.string().max(128), z.looseObject({ optional: z.boolean().optional() })).optional();
const sendCallsParams = z.tuple([
  z.object({
    version: z.string().regex(/^2\.\d+\.\d+$/, `must be an EIP-5792 version ${CALLS_VERSION} request`),
    id: batchId.optional(),
    chainId: quantity,
    from: address.optional(),
    atomicRequired: z.boolean(),
    calls: z.array(z.object({ to: address.optional(), data: hexData.optional(), value: quantity.optional(), capabilities })).min(1, 'must have at least one call'),
    capabilities,
  }),
]);
const getCapabilitiesParams = z.tuple([address.optional(), z.array(quantity).optional()]);
const getCallsStatusParams = z.tuple([batchId]);
/** The node's receipt, or null while the transaction is not mined. */
const nodeReceipt = z
  .object({
    status: z.enum(['0x1', '0x0']),
    blockHash: hash32,
    blockNumber: hexQuantity,
    gasUsed: hexQuantity,
    transactionHash: hash32,
    logs: z.array(z.object({ address, data: hexData, topics: z.array(hash32) })),
  })
  .nullable();
/** The node's transaction, or null when it does not know it (only the hash is read). */
const nodeTransaction = z.looseObject({ hash: hash32 }).nullable();

/** A checked wallet_sendCalls request: what the person is shown and what is sent once approved. */
export interface PreparedBatch {
  id?: string;
  atomicRequired: boolean;
  calls: readonly SmartAccountCall[];
}

export function createCallBatches(deps: CallBatchesDeps) {
  const kept = createKeptBatches({ storage: deps.storage, key: deps.storageKey, now: deps.now });
  /** EOA batches this page is sending now (ids). */
  const sendingHere = new Set<string>();
  const lockName = (id: string) => `${deps.storageKey}:${id}`;

  const assertNewId = (id: string | undefined) => {
    if (id !== undefined && kept.get(id)) throw new CallsError(CALLS_ERRORS.duplicateId.message, CALLS_ERRORS.duplicateId.code);
  };

  /** Marks a batch as being sent by this page (and, with Web Locks, to every page of this origin): call the result when done. */
  async function holdWhileSending(id: string): Promise<() => void> {
    const { locks } = deps;
    const releaseLock = locks
      ? await new Promise<() => void>((held, failed) => {
          // The lock is held until `release` is called, or until this page goes away (a reload, a closed tab).
          locks.request(lockName(id), () => new Promise<void>((release) => held(release))).catch(failed);
        })
      : () => {};
    sendingHere.add(id);
    return () => {
      sendingHere.delete(id);
      releaseLock();
    };
  }

  /** Whether this page, or another page of this origin, is still sending the batch. */
  async function beingSent(id: string): Promise<boolean> {
    if (sendingHere.has(id)) return true;
    if (!deps.locks) return false;
    const { held = [] } = await deps.locks.query();
    return held.some((lock) => lock.name === lockName(id));
  }

  /** The node's answer for `hash`, checked against `schema`. */
  async function fromNode<S extends z.ZodType>(what: string, hash: Hex, schema: S, reply: Promise<unknown>): Promise<z.output<S>> {
    const parsed = schema.safeParse(await reply);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`The RPC node gave an unexpected ${what} for ${hash}${issue ? ` (${issue.path.join('.') || 'reply'}: ${issue.message})` : ''}`);
    }
    return parsed.data;
  }

  async function receiptOf(hash: Hex, chainId: number): Promise<CallsReceipt | null> {
    const receipt = await fromNode('receipt', hash, nodeReceipt, deps.readReceipt(hash, chainId));
    if (!receipt) return null;
    const { status, blockHash, blockNumber, gasUsed, transactionHash, logs } = receipt;
    return { status, blockHash, blockNumber, gasUsed, transactionHash, logs } as CallsReceipt;
  }

  const knownToNode = async (hash: Hex, chainId: number) => (await fromNode('transaction', hash, nodeTransaction, deps.readTransaction(hash, chainId))) !== null;

  /** The receipt once mined, or null after `BATCH_RECEIPT_TIMEOUT_MS`. */
  async function waitForReceipt(hash: Hex, chainId: number): Promise<CallsReceipt | null> {
    const deadline = deps.now() + BATCH_RECEIPT_TIMEOUT_MS;
    for (;;) {
      const receipt = await receiptOf(hash, chainId);
      if (receipt || deps.now() + BATCH_RECEIPT_POLL_INTERVAL_MS > deadline) return receipt;
      await deps.sleep(BATCH_RECEIPT_POLL_INTERVAL_MS);
    }
  }

  /**
   * Sends the EOA batch's remaining calls, each once the previous one succeeded on chain; each transaction's hash is
   * kept before it is broadcast, and one that cannot be kept (the batch forgotten by a sign-out) is not sent.
   */
  async function sendRest(id: string, chainId: number, owner: LocalAccount, rest: readonly SmartAccountCall[], first: Hex) {
    let previous = first;
    try {
      for (const call of rest) {
        const receipt = await waitForReceipt(previous, chainId);
        if (receipt?.status !== '0x1') return;
        const signed = await deps.signFromKey(owner, chainId, call);
        previous = keccak256(signed);
        if (!kept.addHash(id, previous)) return;
        await deps.broadcast(signed, chainId);
      }
    } catch {
      // A call that cannot be sent (it would revert, no funds, the node unreachable) ends the batch: its status says so.
    }
  }

  return {
    /** `[address, chainIds?]` → `{ [hex chain id]: { atomic: { status } } }` for the active account. */
    getCapabilities(params: unknown, active: ActiveAccount, currentChain: number): Record<Hex, { atomic: { status: 'supported' | 'unsupported' } }> {
      const method = 'wallet_getCapabilities';
      const [claimed, chainIds] = parseParams(method, getCapabilitiesParams, params ?? []);
      if (claimed === undefined) throw new InvalidParamsError(MISSING_CAPABILITIES_ADDRESS);
      assertOwn(active, method, claimed);
      if (chainIds && chainIds.length > MAX_CAPABILITY_CHAINS) throw new InvalidParamsError(`${method}: params.1 must list at most ${MAX_CAPABILITY_CHAINS} chains`);
      // Without a list: the chain the wallet is on.
      const chains = chainIds?.map(Number) ?? [currentChain];
      const result: Record<Hex, { atomic: { status: 'supported' | 'unsupported' } }> = {};
      for (const id of chains) {
        // The smart account runs a batch as one user operation; the EOA sends it one transaction at a time.
        result[toHex(id)] = { atomic: { status: active.smartAccount && deps.smartAccountsOn(id) ? 'supported' : 'unsupported' } };
      }
      return result;
    },

    /**
     * Checks a wallet_sendCalls request before the person is asked: every refusal above, nothing sent. The batch it
     * returns is what the approval screen shows and `send` sends.
     */
    prepare(params: unknown, active: ActiveAccount, chainId: number): PreparedBatch {
      const method = 'wallet_sendCalls';
      const [request] = parseParams(method, sendCallsParams, params);
      assertOwn(active, method, request.from);
      if (request.chainId !== BigInt(chainId)) {
        throw new InvalidParamsError(`${method}: params.0.chainId is eip155:${request.chainId}, the wallet is on eip155:${chainId}`);
      }
      if (request.calls.length > MAX_SEND_CALLS) throw new CallsError(CALLS_ERRORS.tooLarge.message, CALLS_ERRORS.tooLarge.code);
      const named = [request.capabilities, ...request.calls.map((call) => call.capabilities)].flatMap((each) => Object.entries(each ?? {}));
      const required = named.find(([, capability]) => capability.optional !== true);
      if (required) throw new CallsError(CALLS_ERRORS.unsupportedCapability.message(required[0]), CALLS_ERRORS.unsupportedCapability.code);
      assertNewId(request.id);
      const calls = request.calls.map(({ to, data, value }, index): SmartAccountCall => {
        // A user operation cannot create a contract, and the approval screen shows calls to an address only.
        if (!to) throw new InvalidParamsError(`${method}: params.0.calls.${index}.to is required: a batch cannot create a contract`);
        return { to: to as Address, data: data as Hex | undefined, value };
      });
      if (!active.smartAccount && request.atomicRequired) throw new CallsError(CALLS_ERRORS.atomicityNotSupported.message, CALLS_ERRORS.atomicityNotSupported.code);
      return { ...(request.id !== undefined && { id: request.id }), atomicRequired: request.atomicRequired, calls };
    },

    /** Sends an approved batch (see the module's doc): `{ id }`. */
    async send(batch: PreparedBatch, active: ActiveAccount, chainId: number): Promise<{ id: string }> {
      if (active.smartAccount) {
        // Another batch may have taken the id while this one waited for the person.
        assertNewId(batch.id);
        const hash = await active.smartAccount.sendUserOperation([...batch.calls]);
        const id = batch.id ?? hash;
        kept.add({ kind: 'userOperation', id, chainId, sentAt: deps.now(), hash });
        return { id };
      }
      const id = batch.id ?? toHex(crypto.getRandomValues(new Uint8Array(32)));
      const done = await holdWhileSending(id);
      let first: Hex;
      try {
        // Checked while holding the id's lock: another page of this origin may have taken it meanwhile.
        assertNewId(batch.id);
        // The first call is sent before answering: a batch that cannot start is refused with the node's reason.
        const signed = await deps.signFromKey(active.owner, chainId, batch.calls[0]!);
        first = keccak256(signed);
        kept.add({ kind: 'transactions', id, chainId, sentAt: deps.now(), calls: batch.calls.length, hashes: [first] });
        await deps.broadcast(signed, chainId);
      } catch (error) {
        // Kept once signed: should the refused broadcast have reached the node after all, the status says so.
        done();
        throw error;
      }
      void sendRest(id, chainId, active.owner, batch.calls.slice(1), first).finally(done);
      return { id };
    },

    /** `[id]` → the batch's status (EIP-5792 2.0.0). */
    async getCallsStatus(params: unknown): Promise<CallsStatus> {
      const [id] = parseParams('wallet_getCallsStatus', getCallsStatusParams, params);
      const batch = kept.get(id);
      if (!batch) throw new CallsError(CALLS_ERRORS.unknownId.message, CALLS_ERRORS.unknownId.code);
      const reply: Pick<CallsStatus, 'version' | 'id' | 'chainId'> = { version: CALLS_VERSION, id, chainId: toHex(batch.chainId) };
      if (batch.kind === 'userOperation') {
        const outcome = await deps.userOperationOutcome(batch.hash as Hex, batch.chainId);
        if (!outcome) return { ...reply, atomic: true, status: 100, receipts: [] };
        const receipt: CallsReceipt = {
          logs: outcome.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
          status: outcome.success ? '0x1' : '0x0',
          blockHash: outcome.blockHash,
          blockNumber: toHex(outcome.blockNumber),
          gasUsed: toHex(outcome.gasUsed),
          transactionHash: outcome.transactionHash,
        };
        // One operation: its calls all ran, or none did (the account's gas was still paid).
        return { ...reply, atomic: true, status: outcome.success ? 200 : 500, receipts: [receipt] };
      }
      const hashes = batch.hashes as Hex[];
      const receipts = await Promise.all(hashes.map((hash) => receiptOf(hash, batch.chainId)));
      const included = receipts.filter((receipt) => receipt !== null);
      // A transaction without a receipt is pending while its batch is being sent or while the node knows it; else it
      // never reached the node (its page was reloaded or closed first) and, like the calls after it, is not sent.
      const unmined = hashes.filter((_, index) => receipts[index] === null);
      const pending = (await beingSent(id)) || (await Promise.all(unmined.map((hash) => knownToNode(hash, batch.chainId)))).some(Boolean);
      const status = pending
        ? 100
        : included.length === batch.calls && included.every((receipt) => receipt.status === '0x1')
          ? 200
          : included.length === 0
            ? 400
            : included.every((receipt) => receipt.status === '0x0')
              ? 500
              : 600;
      return { ...reply, atomic: false, status, receipts: included };
    },

    /** Forgets every batch (the key was dropped: signed out or another user); one still sending sends no more. */
    forget() {
      kept.clear();
    },
  };
}
