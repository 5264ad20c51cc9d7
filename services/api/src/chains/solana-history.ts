/**
 * History of a Solana account, read live from the node (no indexer): the signatures of the owner
 * and of its SPL token accounts (a token received into an existing token account does not name the
 * owner in the transaction), merged newest first, then each transaction (json,
 * maxSupportedTransactionVersion 0). The account's SOL movement comes from pre/postBalances (its
 * fee and the rent of token accounts it created added back when it paid them), its SPL movements from
 * pre/postTokenBalances summed per mint; each names its counterparty by owner, never by token account.
 */
import { setMaxListeners } from 'node:events';
import { address, isSignature, signature } from '@solana/kit';
import { z } from 'zod';
import type { ChainRuntime } from './runtime';
import { readTokenAccounts, solanaCall, u64, type SolanaChainEntry } from './solana';
import { HISTORY_PAGE_SIZE, isSolanaAccount, numericText } from '../http/chain';
import { tokenIconUrl } from '../routes/balance';
import type { Transaction, Transfer } from '../routes/history';

/** Token accounts whose signatures are read besides the owner's (one getSignaturesForAddress each). */
export const SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS = 10;

/**
 * Where the next page starts: per address still to read, the `before` signature (null: from the
 * newest). Opaque to clients (base64url JSON).
 */
export type SolanaCursor = [account: string, before: string | null][];

const cursorSchema = z
  .array(z.tuple([z.string().refine(isSolanaAccount), z.string().refine(isSignature).nullable()]))
  .min(1)
  .max(SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS + 1);

export const encodeSolanaCursor = (cursor: SolanaCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
export function decodeSolanaCursor(text: string): SolanaCursor | null {
  try {
    const r = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const signaturesReply = z.array(z.object({ signature: z.string(), slot: u64, blockTime: u64.nullable().optional() })).max(HISTORY_PAGE_SIZE + 1);
type SignatureInfo = z.output<typeof signaturesReply>[number];

const tokenBalance = z.object({
  accountIndex: z.number().int().or(z.bigint()),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string().regex(/^\d{1,20}$/), decimals: z.number().int().or(z.bigint()).transform(Number) }),
});
const transactionReply = z
  .object({
    blockTime: u64.nullable().optional(),
    meta: z
      .object({
        err: z.unknown(),
        fee: u64,
        preBalances: z.array(u64),
        postBalances: z.array(u64),
        preTokenBalances: z.array(tokenBalance).nullish(),
        postTokenBalances: z.array(tokenBalance).nullish(),
        loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }).nullish(),
      })
      .nullable(),
    transaction: z.object({ message: z.object({ accountKeys: z.array(z.string()).min(1) }) }),
  })
  .nullable();
type SolanaTransaction = NonNullable<z.output<typeof transactionReply>>;
const abs = (v: bigint) => (v < 0n ? -v : v);

export async function solanaHistoryPage(
  rt: ChainRuntime,
  entry: SolanaChainEntry,
  owner: string,
  cursor: SolanaCursor | null,
  base: string,
): Promise<{ data: Transaction[]; next: string | null }> {
  // One deadline for the whole page, however many upstream calls it takes.
  const signal = AbortSignal.timeout(rt.rpcTimeoutMs);
  // Every call of the page listens on it: 1 + token accounts + a page of getTransaction, and a margin.
  setMaxListeners(2 + SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS + HISTORY_PAGE_SIZE + 8, signal);
  let lists: SolanaCursor = cursor ?? [];
  if (!cursor) {
    const tokenAccounts = [...new Set((await readTokenAccounts(entry, owner, signal)).map((a) => a.address))];
    lists = [[owner, null], ...tokenAccounts.slice(0, SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS).map((a): [string, null] => [a, null])];
  }
  const fetched = await Promise.all(
    lists.map(([account, before]) =>
      solanaCall(
        entry.rpc.getSignaturesForAddress(address(account), { limit: HISTORY_PAGE_SIZE + 1, ...(before ? { before: signature(before) } : {}) }),
        signaturesReply,
        signal,
        'getSignaturesForAddress',
      ),
    ),
  );

  // Merge the lists newest first, always taking a list's head: what each list gave is a prefix of it.
  const taken = fetched.map(() => 0);
  const seen = new Set<string>();
  const page: SignatureInfo[] = [];
  while (page.length < HISTORY_PAGE_SIZE) {
    let best = -1;
    for (let i = 0; i < fetched.length; i++) {
      if (taken[i]! < fetched[i]!.length && (best === -1 || fetched[i]![taken[i]!]!.slot > fetched[best]![taken[best]!]!.slot)) best = i;
    }
    if (best === -1) break;
    const info = fetched[best]![taken[best]!++]!;
    if (!seen.has(info.signature)) {
      seen.add(info.signature);
      page.push(info);
    }
  }
  // A transaction of several of the lists is passed in all of them, so the next page does not repeat it.
  fetched.forEach((list, i) => {
    while (taken[i]! < list.length && seen.has(list[taken[i]!]!.signature)) taken[i]!++;
  });
  const next: SolanaCursor = [];
  lists.forEach(([account, before], i) => {
    const list = fetched[i]!;
    if (taken[i]! < list.length || list.length > HISTORY_PAGE_SIZE) next.push([account, taken[i]! > 0 ? list[taken[i]! - 1]!.signature : before]);
  });

  const txs = await Promise.all(
    page.map((info) =>
      solanaCall(
        entry.rpc.getTransaction(signature(info.signature), { encoding: 'json', maxSupportedTransactionVersion: 0 }),
        transactionReply,
        signal,
        'getTransaction',
      ),
    ),
  );
  const { caipNetworkId: chainId, nativeCurrency: n } = entry.config;
  const symbols = [n.symbol, ...entry.config.tokens.map((t) => t.symbol)];
  const priceList = await rt.priceSource.getPrices(
    symbols.map((symbol, i) => ({ chainId, symbol, ...(i > 0 ? { address: entry.config.tokens[i - 1]!.mint } : {}) })),
    'usd',
  );
  const priceOf = new Map(symbols.map((s, i) => [s, priceList[i] ?? null]));

  const data: Transaction[] = [];
  page.forEach((info, i) => {
    const tx = txs[i];
    if (!tx?.meta) return; // no longer kept by the node
    data.push(toTransaction(entry, owner, info, tx, base, priceOf));
  });
  return { data, next: next.length > 0 ? encodeSolanaCursor(next) : null };
}

/**
 * One transaction as the account sees it: its SOL and token movements, each with its other side (the owner of a
 * token account, not the account); sentFrom the fee payer, sentTo the first other account whose SOL or tokens rose.
 */
function toTransaction(
  entry: SolanaChainEntry,
  owner: string,
  info: SignatureInfo,
  tx: SolanaTransaction,
  base: string,
  priceOf: Map<string, number | null>,
): Transaction {
  const meta = tx.meta!;
  const keys = [...tx.transaction.message.accountKeys, ...(meta.loadedAddresses?.writable ?? []), ...(meta.loadedAddresses?.readonly ?? [])];
  const feePayer = keys[0]!;
  const { caipNetworkId: chainId, nativeCurrency: n } = entry.config;
  // Who is behind an account key: a token account's owner (as the token balances name it), else the key itself.
  const holderOf = new Map<number, string>();
  for (const b of [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])]) if (b.owner) holderOf.set(Number(b.accountIndex), b.owner);
  const rawDelta = (k: number) => (meta.postBalances[k] ?? 0n) - (meta.preBalances[k] ?? 0n);
  // Token accounts the transaction created: the SOL they hold is their rent.
  const created = new Set([...holderOf.keys()].filter((k) => (meta.preBalances[k] ?? 0n) === 0n && rawDelta(k) > 0n));
  const rent = [...created].reduce((sum, k) => sum + rawDelta(k), 0n);
  // Neither the fee nor the rent of created token accounts is a transfer: the payer's balance change without them.
  const solDelta = (k: number) => (created.has(k) ? 0n : rawDelta(k) + (k === 0 ? meta.fee + rent : 0n));

  const tokenDeltas = new Map<string, { owner: string; mint: string; decimals: number; delta: bigint }>();
  const addTokens = (balances: z.output<typeof tokenBalance>[] | null | undefined, sign: bigint) => {
    for (const b of balances ?? []) {
      const holder = b.owner ?? '';
      const key = `${holder}|${b.mint}`;
      const row = tokenDeltas.get(key) ?? { owner: holder, mint: b.mint, decimals: b.uiTokenAmount.decimals, delta: 0n };
      row.delta += sign * BigInt(b.uiTokenAmount.amount);
      tokenDeltas.set(key, row);
    }
  };
  addTokens(meta.preTokenBalances, -1n);
  addTokens(meta.postTokenBalances, 1n);

  const solMoves = keys.map((key, k) => ({ who: holderOf.get(k) ?? key, delta: solDelta(k) }));
  /** The other side of the owner's `amount`: whoever moved the most the other way (an owner, never a token account). */
  const otherSide = (moves: { who: string; delta: bigint }[], amount: bigint) =>
    moves
      .filter((m) => m.who !== owner && (amount < 0n ? m.delta > 0n : m.delta < 0n))
      .sort((a, b) => (abs(b.delta) > abs(a.delta) ? 1 : abs(b.delta) < abs(a.delta) ? -1 : 0))[0]?.who;

  const fungible = (
    symbol: string, name: string, iconUrl: string | undefined, amount: bigint, decimals: number, moves: { who: string; delta: bigint }[], priced = true,
  ): Transfer => {
    const numeric = numericText(abs(amount), decimals);
    const other = otherSide(moves, amount);
    const transfer: Transfer = {
      direction: amount < 0n ? 'out' : 'in',
      quantity: { numeric },
      fungible_info: { name, symbol, icon: { url: tokenIconUrl(base, symbol, iconUrl) } },
      ...(amount < 0n ? { sender: owner, ...(other ? { recipient: other } : {}) } : { recipient: owner, ...(other ? { sender: other } : {}) }),
    };
    const price = priced ? (priceOf.get(symbol) ?? null) : null;
    if (price !== null) {
      transfer.price = price;
      transfer.value = Number(numeric) * price;
    }
    return transfer;
  };
  const transfers: Transfer[] = [];
  const own = keys.indexOf(owner);
  if (own >= 0 && solDelta(own) !== 0n) transfers.push(fungible(n.symbol, n.name, n.iconUrl, solDelta(own), n.decimals, solMoves));
  for (const row of tokenDeltas.values()) {
    if (row.owner !== owner || row.delta === 0n) continue;
    const token = entry.config.tokens.find((t) => t.mint === row.mint);
    const moves = [...tokenDeltas.values()].filter((r) => r.mint === row.mint && r.owner !== '').map((r) => ({ who: r.owner, delta: r.delta }));
    transfers.push(
      token
        ? fungible(token.symbol, token.name, token.iconUrl, row.delta, token.decimals, moves)
        : // A mint the operator did not list: named by its address, never priced.
          fungible(row.mint.slice(0, 6), `Token ${row.mint.slice(0, 4)}…${row.mint.slice(-4)}`, undefined, row.delta, row.decimals, moves, false),
    );
  }
  const gainers = [
    ...keys.filter((k, i) => solDelta(i) > 0n),
    ...[...tokenDeltas.values()].filter((r) => r.delta > 0n && r.owner !== '').map((r) => r.owner),
  ];
  const operationType = transfers.some((t) => t.direction === 'out') ? 'send' : transfers.some((t) => t.direction === 'in') ? 'receive' : 'execute';
  const blockTime = tx.blockTime ?? info.blockTime ?? 0n;
  return {
    id: `${info.signature}:${chainId}`,
    metadata: {
      operationType,
      hash: info.signature,
      minedAt: new Date(Number(blockTime) * 1000).toISOString(),
      sentFrom: feePayer,
      sentTo: gainers.find((g) => g !== feePayer) ?? '',
      status: meta.err === null || meta.err === undefined ? 'confirmed' : 'failed',
      chain: chainId,
      fee: { symbol: n.symbol, quantity: { numeric: numericText(meta.fee, n.decimals) } },
    },
    transfers,
  };
}
