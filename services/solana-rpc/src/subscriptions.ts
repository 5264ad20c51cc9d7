/**
 * Solana's PubSub subscriptions over the local chain: accountSubscribe, programSubscribe, logsSubscribe,
 * signatureSubscribe, slotSubscribe and their unsubscribes, notified in agave's shapes as the chain opens a
 * slot or lands a transaction. Every commitment is notified at once: everything is final at once here.
 * A signature subscription ends with its notification (agave auto-unsubscribes it).
 */
import { address as toAddress, getBase58Encoder, type EncodedAccount, type Lamports } from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { z } from 'zod';
import type { Chain } from './chain';
import { isWritable } from './encode-transaction';
import type { LedgerEntry } from './ledger';
import { BASE64, address, commitment, encodeAccount, signature, slot } from './params';
import { RpcError, method, toJson, type RpcMethod } from './rpc';

/** Subscriptions one connection may hold at once. */
export const PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION = 1000;
/** programSubscribe's filters, as getProgramAccounts limits them. */
export const MAX_PROGRAM_FILTERS = 4;
/** A memcmp filter's bytes, decoded. */
export const MAX_MEMCMP_BYTES = 128;

/** One connection, as the subscriptions see it. */
export interface Subscriber {
  /** Sends one JSON text to the client. */
  send(text: string): void;
  /** The ids this connection holds (counted against PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION). */
  readonly ids: Set<number>;
}

const accountEncoding = z
  .enum(['binary', 'base58', 'base64', 'jsonParsed'], { error: "encoding must be 'binary', 'base58', 'base64' or 'jsonParsed' (base64+zstd is not supported)" })
  .optional();
type AccountEncoding = z.output<typeof accountEncoding>;
// Accepted as agave accepts them; agave's notifications ignore dataSlice and minContextSlot, and so do these.
const ignored = { dataSlice: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() }).optional(), minContextSlot: slot.optional() };

/** The longest encoding of MAX_MEMCMP_BYTES (base58; base64 needs 172): longer strings are refused before decoding. */
const MAX_MEMCMP_ENCODED = 175;

const memcmpBytes = z.object({ offset: z.number().int().nonnegative(), bytes: z.string().max(MAX_MEMCMP_ENCODED), encoding: z.enum(['base58', 'base64']).optional() }).transform((memcmp, ctx) => {
  let bytes: Uint8Array;
  try {
    if (memcmp.encoding === 'base64' && !BASE64.test(memcmp.bytes)) throw new Error('not base64');
    bytes = memcmp.encoding === 'base64' ? new Uint8Array(Buffer.from(memcmp.bytes, 'base64')) : new Uint8Array(getBase58Encoder().encode(memcmp.bytes));
  } catch {
    ctx.addIssue({ code: 'custom', message: `memcmp bytes are not ${memcmp.encoding ?? 'base58'}` });
    return z.NEVER;
  }
  if (bytes.length > MAX_MEMCMP_BYTES) {
    ctx.addIssue({ code: 'custom', message: `memcmp bytes are at most ${MAX_MEMCMP_BYTES} bytes, not ${bytes.length}` });
    return z.NEVER;
  }
  return { offset: memcmp.offset, bytes };
});
const FILTER_SHAPE = 'a filter is { dataSize } or { memcmp: { offset, bytes, encoding? } }';
// Not a union: a union's error would hide which part of a filter is wrong.
const programFilter = z
  .strictObject(
    { dataSize: z.number().int().nonnegative().optional(), memcmp: memcmpBytes.optional() },
    { error: (issue) => (issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' ? FILTER_SHAPE : undefined) },
  )
  .refine((filter) => (filter.dataSize === undefined) !== (filter.memcmp === undefined), FILTER_SHAPE);
type ProgramFilter = z.output<typeof programFilter>;

const mentionsFilter = z.strictObject(
  { mentions: z.array(address).length(1, 'Invalid Request: Only 1 address supported') },
  { error: () => "the filter is 'all', 'allWithVotes' or { mentions: [address] }" },
);
/** logsSubscribe's filter → the one address it mentions, or undefined for every transaction (there are no votes here). */
const logsFilter = z.unknown().transform((filter, ctx) => {
  if (filter === 'all' || filter === 'allWithVotes') return undefined;
  const parsed = mentionsFilter.safeParse(filter);
  if (parsed.success) return parsed.data.mentions[0];
  for (const { message, path } of parsed.error.issues) ctx.addIssue({ code: 'custom', message, path });
  return z.NEVER;
});

/** What a subscribe asked for. */
type SubscriptionSpec =
  | { kind: 'account'; address: string; encoding: AccountEncoding }
  | { kind: 'program'; program: string; encoding: AccountEncoding; filters: ProgramFilter[] }
  | { kind: 'logs'; mentions: string | undefined }
  | { kind: 'signature'; signature: string; received: boolean }
  | { kind: 'slot' };
type Subscription = SubscriptionSpec & { id: number; subscriber: Subscriber };

const PARAMS = {
  accountSubscribe: z.tuple([address, z.object({ commitment, encoding: accountEncoding, ...ignored }).optional()]),
  programSubscribe: z.tuple([
    address,
    z
      .object({
        commitment,
        encoding: accountEncoding,
        filters: z.array(programFilter).max(MAX_PROGRAM_FILTERS, `Too many filters provided; max ${MAX_PROGRAM_FILTERS}`).optional(),
        // Notifications always carry their context.
        withContext: z.boolean().optional(),
        ...ignored,
      })
      .optional(),
  ]),
  logsSubscribe: z.tuple([logsFilter, z.object({ commitment }).optional()]),
  signatureSubscribe: z.tuple([signature, z.object({ commitment, enableReceivedNotification: z.boolean().optional() }).optional()]),
  slotSubscribe: z.tuple([]),
  unsubscribe: z.tuple([z.number().int().nonnegative()]),
};
type Kind = Subscription['kind'];

const NOTIFICATION_METHODS: Record<Kind, string> = {
  account: 'accountNotification',
  program: 'programNotification',
  logs: 'logsNotification',
  signature: 'signatureNotification',
  slot: 'slotNotification',
};

/** The key a subscription is found under when the chain moves ('*': every one of its kind). */
function keyOf(sub: Subscription): string {
  switch (sub.kind) {
    case 'account':
      return sub.address;
    case 'program':
      return sub.program;
    case 'logs':
      return sub.mentions ?? '*';
    case 'signature':
      return sub.signature;
    case 'slot':
      return '*';
  }
}

function filtersAllow(filters: ProgramFilter[], data: ArrayLike<number>): boolean {
  return filters.every((filter) => {
    if (filter.memcmp === undefined) return data.length === filter.dataSize;
    const { offset, bytes } = filter.memcmp;
    return offset + bytes.length <= data.length && bytes.every((byte, i) => data[offset + i] === byte);
  });
}

export class Subscriptions {
  /** Ids count up from 0 across connections, as agave's do. */
  private nextId = 0;
  private readonly byId = new Map<number, Subscription>();
  private readonly index: Record<Kind, Map<string, Set<Subscription>>> = { account: new Map(), program: new Map(), logs: new Map(), signature: new Map(), slot: new Map() };
  /** Signature subscriptions made after their transaction landed: told at the next slot, as a validator does. */
  private readonly landedBeforeSubscribe = new Set<Subscription & { kind: 'signature' }>();
  private readonly unlisten: () => void;

  constructor(private readonly chain: Chain) {
    this.unlisten = chain.listen({ slot: (info) => this.onSlot(info), transaction: (entry) => this.onTransaction(entry) });
  }

  close(): void {
    this.unlisten();
  }

  /**
   * The PubSub methods for one connection. A subscription is reserved at once (its id counts) but starts only when
   * its activation in `activations` runs, after the reply with its id was sent: no notification may come first.
   */
  methods(subscriber: Subscriber, activations: Array<() => void>): Record<string, RpcMethod> {
    const subscribe = (spec: SubscriptionSpec) => {
      if (subscriber.ids.size >= PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION) {
        throw new RpcError(-32603, `Internal Error: Subscription refused. Node subscription limit reached (at most ${PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION} per connection)`);
      }
      const sub: Subscription = { ...spec, id: this.nextId++, subscriber };
      this.byId.set(sub.id, sub);
      subscriber.ids.add(sub.id);
      activations.push(() => this.activate(sub));
      return sub.id;
    };
    const unsubscribe = method(PARAMS.unsubscribe, ([id]) => {
      const sub = this.byId.get(id);
      // Any kind's unsubscribe ends any of the connection's subscriptions, as in agave; other connections' ids are unknown here.
      if (!sub || sub.subscriber !== subscriber) throw new RpcError(-32602, 'Invalid subscription id.');
      this.remove(sub);
      return true;
    });
    return {
      accountSubscribe: method(PARAMS.accountSubscribe, ([at, config]) => subscribe({ kind: 'account', address: at, encoding: config?.encoding })),
      programSubscribe: method(PARAMS.programSubscribe, ([program, config]) =>
        subscribe({ kind: 'program', program, encoding: config?.encoding, filters: config?.filters ?? [] }),
      ),
      logsSubscribe: method(PARAMS.logsSubscribe, ([mentions]) => subscribe({ kind: 'logs', mentions })),
      signatureSubscribe: method(PARAMS.signatureSubscribe, ([sig, config]) =>
        subscribe({ kind: 'signature', signature: sig, received: config?.enableReceivedNotification ?? false }),
      ),
      slotSubscribe: method(PARAMS.slotSubscribe, () => subscribe({ kind: 'slot' })),
      accountUnsubscribe: unsubscribe,
      programUnsubscribe: unsubscribe,
      logsUnsubscribe: unsubscribe,
      signatureUnsubscribe: unsubscribe,
      slotUnsubscribe: unsubscribe,
    };
  }

  /** Ends a closed connection's subscriptions. */
  drop(subscriber: Subscriber): void {
    for (const id of subscriber.ids) this.remove(this.byId.get(id)!);
  }

  private activate(sub: Subscription): void {
    // Unsubscribed in the same batch, or the connection closed meanwhile.
    if (this.byId.get(sub.id) !== sub) return;
    if (sub.kind === 'signature' && this.chain.ledger.get(sub.signature)) {
      this.landedBeforeSubscribe.add(sub);
      return;
    }
    const key = keyOf(sub);
    const set = this.index[sub.kind].get(key);
    if (set) set.add(sub);
    else this.index[sub.kind].set(key, new Set([sub]));
  }

  private remove(sub: Subscription): void {
    this.byId.delete(sub.id);
    sub.subscriber.ids.delete(sub.id);
    if (sub.kind === 'signature') this.landedBeforeSubscribe.delete(sub);
    const key = keyOf(sub);
    const set = this.index[sub.kind].get(key);
    if (set?.delete(sub) && set.size === 0) this.index[sub.kind].delete(key);
  }

  private subscribers(kind: Kind, key: string): Subscription[] {
    return [...(this.index[kind].get(key) ?? [])];
  }

  private notify(sub: Subscription, result: unknown): void {
    sub.subscriber.send(toJson({ jsonrpc: '2.0', method: NOTIFICATION_METHODS[sub.kind], params: { result, subscription: sub.id } }));
  }

  private notifySignature(sub: Subscription & { kind: 'signature' }, entry: LedgerEntry): void {
    const context = { slot: entry.slot };
    if (sub.received) this.notify(sub, { context, value: 'receivedSignature' });
    this.notify(sub, { context, value: { err: entry.meta.err } });
    this.remove(sub);
  }

  private onSlot(info: { slot: bigint; parent: bigint; root: bigint }): void {
    for (const sub of this.subscribers('slot', '*')) this.notify(sub, { slot: info.slot, parent: info.parent, root: info.root });
    for (const sub of this.landedBeforeSubscribe) this.notifySignature(sub, this.chain.ledger.get(sub.signature)!);
  }

  private onTransaction(entry: LedgerEntry): void {
    const context = { slot: entry.slot };
    for (const sub of this.subscribers('signature', entry.signature)) if (sub.kind === 'signature') this.notifySignature(sub, entry);
    const logs = { signature: entry.signature, err: entry.meta.err, logs: entry.meta.logMessages };
    for (const key of ['*', ...entry.addresses]) for (const sub of this.subscribers('logs', key)) this.notify(sub, { context, value: logs });
    entry.message.staticAccounts.forEach((at, index) => {
      if (!isWritable(entry.message, index)) return;
      const account = this.chain.getAccount(at);
      for (const sub of this.subscribers('account', at)) if (sub.kind === 'account') this.notify(sub, { context, value: this.encode(at, account, sub.encoding) });
      if (!account) return;
      for (const sub of this.subscribers('program', account.programAddress)) {
        if (sub.kind === 'program' && filtersAllow(sub.filters, account.data)) this.notify(sub, { context, value: { pubkey: at, account: this.encode(at, account, sub.encoding) } });
      }
    });
  }

  /** A closed account is notified as agave's default account: no lamports or data, the System program's, rentEpoch 0. */
  private encode(at: string, account: EncodedAccount | null, encoding: AccountEncoding) {
    const config = { encoding: encoding ?? 'binary' };
    if (account) return encodeAccount(this.chain, account, config, { base58Limit: false });
    const closed = { address: toAddress(at), lamports: 0n as Lamports, programAddress: SYSTEM_PROGRAM_ADDRESS, data: new Uint8Array(), executable: false, space: 0n };
    return { ...encodeAccount(this.chain, closed, config, { base58Limit: false }), rentEpoch: 0n };
  }
}
