/**
 * EIP-5792 (version 2.0.0) for the embedded wallet: wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus.
 * A wallet_sendCalls is checked (`prepare`, at most `MAX_SEND_CALLS` calls, as shared-state's `describeRequest`),
 * shown on the frame's approval screen (./approvals.ts) and, once approved, sent (`send`):
 *
 * - from the smart account: ONE user operation with every call (atomic); the id is the operation's hash;
 * - from the EOA: one transaction per call, each sent once the previous one's receipt says success (so nonces and
 *   allowances hold), stopping at the first failure; not atomic, so `atomicRequired: true` is refused (5760).
 *
 * The batches live in this page's memory (the last `MAX_KEPT_BATCHES`); an id it does not keep is 5730.
 *
 * @example
 * const batches = createCallBatches({ sendFromKey, readReceipt, smartAccountsOn: (id) => id === 31337, sleep, now: Date.now });
 * const batch = batches.prepare([{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls }], active, 31337);
 * const { id } = await batches.send(batch, active, 31337); // once the person approved it
 * await batches.getCallsStatus([id]);
 * // { version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200, receipts: [{ status: '0x1', logs, … }] }
 */
import { MAX_SEND_CALLS } from '@portico/shared-state/embedded';
import { toHex, type Address, type Hex, type LocalAccount } from 'viem';
import { z } from 'zod';
import { address, assertOwn, hexData, InvalidParamsError, parseParams, quantity } from './rpc-params';
import type { SmartAccount, SmartAccountCall } from './smart-account';

export { MAX_SEND_CALLS };
/** Batches whose status this page keeps (the oldest is forgotten first). */
export const MAX_KEPT_BATCHES = 64;
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
  unknownId: { code: 5730, message: `Unknown bundle id: this wallet keeps the status of its last ${MAX_KEPT_BATCHES} batches in this page` },
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
  /** 100 pending, 200 confirmed, 500 reverted completely, 600 partly (EIP-5792's codes). */
  status: 100 | 200 | 500 | 600;
  /** In the order included; empty while pending. */
  receipts: CallsReceipt[];
}

export interface CallBatchesDeps {
  /** Sends one transaction from the key on a chain: its hash. */
  sendFromKey(owner: LocalAccount, chainId: number, call: SmartAccountCall): Promise<Hex>;
  /** The node's `eth_getTransactionReceipt` answer (checked here). */
  readReceipt(hash: Hex, chainId: number): Promise<unknown>;
  smartAccountsOn(chainId: number): boolean;
  sleep(ms: number): Promise<void>;
  now(): number;
}

const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hash');
const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity');
/** A capability the dapp names; only `optional` matters here (this wallet supports none it could be asked for). */
const capabilities = z.record(z.string().max(128), z.looseObject({ optional: z.boolean().optional() })).optional();
const sendCallsParams = z.tuple([
  z.object({
    version: z.string().regex(/^2\.\d+\.\d+$/, `must be an EIP-5792 version ${CALLS_VERSION} request`),
    // EIP-5792: up to 4096 bytes.
    id: z.string().min(1).max(4096).optional(),
    chainId: quantity,
    from: address.optional(),
    atomicRequired: z.boolean(),
    calls: z.array(z.object({ to: address.optional(), data: hexData.optional(), value: quantity.optional(), capabilities })).min(1, 'must have at least one call'),
    capabilities,
  }),
]);
const getCapabilitiesParams = z.tuple([address.optional(), z.array(quantity).optional()]);
const getCallsStatusParams = z.tuple([z.string().min(1).max(4096)]);
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

/** A checked wallet_sendCalls request: what the person is shown and what is sent once approved. */
export interface PreparedBatch {
  id?: string;
  atomicRequired: boolean;
  calls: readonly SmartAccountCall[];
}

type Batch =
  | { kind: 'userOperation'; chainId: number; hash: Hex; smartAccount: SmartAccount }
  | { kind: 'transactions'; chainId: number; calls: number; hashes: Hex[]; finished: boolean };

export function createCallBatches(deps: CallBatchesDeps) {
  /** Kept batches by id, oldest first. */
  const batches = new Map<string, Batch>();

  const keep = (id: string, batch: Batch) => {
    batches.set(id, batch);
    for (const oldest of batches.keys()) {
      if (batches.size <= MAX_KEPT_BATCHES) break;
      batches.delete(oldest);
    }
  };

  const assertNewId = (id: string | undefined) => {
    if (id !== undefined && batches.has(id)) throw new CallsError(CALLS_ERRORS.duplicateId.message, CALLS_ERRORS.duplicateId.code);
  };

  async function receiptOf(hash: Hex, chainId: number): Promise<CallsReceipt | null> {
    const parsed = nodeReceipt.safeParse(await deps.readReceipt(hash, chainId));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`The RPC node gave an unexpected receipt for ${hash}${issue ? ` (${issue.path.join('.') || 'reply'}: ${issue.message})` : ''}`);
    }
    if (!parsed.data) return null;
    const { status, blockHash, blockNumber, gasUsed, transactionHash, logs } = parsed.data;
    return { status, blockHash, blockNumber, gasUsed, transactionHash, logs } as CallsReceipt;
  }

  /** The receipt once mined, or null after `BATCH_RECEIPT_TIMEOUT_MS`. */
  async function waitForReceipt(hash: Hex, chainId: number): Promise<CallsReceipt | null> {
    const deadline = deps.now() + BATCH_RECEIPT_TIMEOUT_MS;
    for (;;) {
      const receipt = await receiptOf(hash, chainId);
      if (receipt || deps.now() + BATCH_RECEIPT_POLL_INTERVAL_MS > deadline) return receipt;
      await deps.sleep(BATCH_RECEIPT_POLL_INTERVAL_MS);
    }
  }

  /** Sends the EOA batch's remaining calls, each once the previous one succeeded on chain. */
  async function sendRest(batch: Extract<Batch, { kind: 'transactions' }>, owner: LocalAccount, rest: SmartAccountCall[]) {
    try {
      for (const call of rest) {
        const previous = await waitForReceipt(batch.hashes.at(-1)!, batch.chainId);
        if (previous?.status !== '0x1') return;
        batch.hashes.push(await deps.sendFromKey(owner, batch.chainId, call));
      }
    } catch {
      // A call that cannot be sent (it would revert, no funds) ends the batch: its status says partly done (600).
    } finally {
      batch.finished = true;
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
      // Another batch may have taken the id while this one waited for the person.
      assertNewId(batch.id);
      if (active.smartAccount) {
        const hash = await active.smartAccount.sendUserOperation([...batch.calls]);
        const id = batch.id ?? hash;
        keep(id, { kind: 'userOperation', chainId, hash, smartAccount: active.smartAccount });
        return { id };
      }
      // The first call is sent before answering: a batch that cannot start is refused with the node's reason.
      const first = await deps.sendFromKey(active.owner, chainId, batch.calls[0]!);
      const id = batch.id ?? toHex(crypto.getRandomValues(new Uint8Array(32)));
      const sent = { kind: 'transactions' as const, chainId, calls: batch.calls.length, hashes: [first], finished: batch.calls.length === 1 };
      keep(id, sent);
      if (!sent.finished) void sendRest(sent, active.owner, batch.calls.slice(1));
      return { id };
    },

    /** `[id]` → the batch's status (EIP-5792 2.0.0). */
    async getCallsStatus(params: unknown): Promise<CallsStatus> {
      const [id] = parseParams('wallet_getCallsStatus', getCallsStatusParams, params);
      const batch = batches.get(id);
      if (!batch) throw new CallsError(CALLS_ERRORS.unknownId.message, CALLS_ERRORS.unknownId.code);
      const reply: Pick<CallsStatus, 'version' | 'id' | 'chainId'> = { version: CALLS_VERSION, id, chainId: toHex(batch.chainId) };
      if (batch.kind === 'userOperation') {
        const outcome = await batch.smartAccount.userOperationOutcome(batch.hash);
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
      const receipts = await Promise.all(batch.hashes.map((hash) => receiptOf(hash, batch.chainId)));
      const included = receipts.filter((receipt) => receipt !== null);
      const status =
        !batch.finished || included.length < receipts.length
          ? 100
          : included.length === batch.calls && included.every((receipt) => receipt.status === '0x1')
            ? 200
            : included.every((receipt) => receipt.status === '0x0')
              ? 500
              : 600;
      return { ...reply, atomic: false, status, receipts: included };
    },

    /** Forgets every batch (the key was dropped: signed out or another user). */
    forget() {
      batches.clear();
    },
  };
}
