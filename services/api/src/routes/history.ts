/**
 * GET /v1/account/:address/history?chainId=&cursor= — the account's transactions from the
 * indexer's tables, newest first, 20 a page, with an opaque `next` cursor (block, tx index).
 * Each names what the account saw: its transfers with their sender and recipient (a token transfer's
 * counterparty, never the token contract), both legs of a swap (operationType 'trade'), its ERC-20
 * approvals with the spender (operationType 'approve'), and the known function it called (`method`).
 * Where the account is the sender of a user operation in the transaction (ERC-4337), the entry is
 * the operation's, not the bundler's: from the account to the first call's target, its success, its
 * nonce's sequence, its first call's function. On a solana chain the page is read live from the node
 * (src/chains/solana-history.ts).
 */
import { Hono } from 'hono';
import { getAddress } from 'viem';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { contractInfo, nftKey, nftMetadata, type NftRef } from '../chains/metadata';
import type { ChainEntry, ChainRuntime } from '../chains/runtime';
import { decodeSolanaCursor, solanaHistoryPage } from '../chains/solana-history';
import { UpstreamError, UPSTREAM_UNAVAILABLE } from '../chains/rpc';
import { accountParams, HISTORY_PAGE_SIZE, numericText, requireAccount } from '../http/chain';
import { HttpError } from '../http/errors';
import { optionalParam } from '../http/params';
import { endpoint } from '../http/validate';
import { ZERO_ADDRESS } from '../indexer/decode';
import { tokenIconUrl } from './balance';

export { HISTORY_PAGE_SIZE };
/** An ERC-4337 nonce is a 192-bit key and a 64-bit sequence; history shows the sequence. */
const NONCE_SEQUENCE_MASK = (1n << 64n) - 1n;
/** What an approval to the chain's swap router (`swap.router`, the exchange /v1/convert trades on) names its spender. */
export const SWAP_EXCHANGE_NAME = 'Portico Exchange';
/** An approval of this much or more is unlimited: uint256's max, or uint160's (Permit2's), beyond any real supply. */
const UNLIMITED_APPROVAL = (1n << 160n) - 1n;

type FungibleInfo = { name: string; symbol: string; icon: { url: string } };
export interface Transfer {
  direction: 'in' | 'out' | 'self';
  quantity: { numeric: string };
  fungible_info?: FungibleInfo;
  nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } };
  value?: number;
  price?: number;
  /**
   * Whose asset moved and who got it: the Transfer's own from/to (always on eip155); on solana the owners (never
   * their token accounts) whose balances moved, the other side absent when no one's moved the other way.
   */
  sender?: string;
  recipient?: string;
}
/** An ERC-20 approval the account gave: `spender` may move `quantity` (absent when unlimited) of the token. */
export interface Approval {
  fungible_info: FungibleInfo;
  quantity?: { numeric: string };
  unlimited: boolean;
  spender: { address: string; name?: string };
}
export interface Transaction {
  id: string;
  metadata: {
    operationType: 'send' | 'receive' | 'mint' | 'trade' | 'approve' | 'execute';
    hash: string;
    minedAt: string;
    sentFrom: string;
    sentTo: string;
    status: 'confirmed' | 'failed';
    /** eip155 only. */
    nonce?: number;
    chain: string;
    /** eip155 only: the known function the transaction (or the user operation's first call) called. */
    method?: string;
    /** solana only: the fee the transaction's fee payer (sentFrom) paid. */
    fee?: { symbol: string; quantity: { numeric: string } };
  };
  transfers: Transfer[];
  /** eip155 only. */
  approvals?: Approval[];
}

/**
 * What a transaction was for the account, from what moved: a mint (something came from the zero address), a trade
 * (one asset out, another in), a send, a receive, an approval (nothing moved, it approved), else a call.
 */
function operationTypeOf(
  transfers: { direction: Transfer['direction']; asset: string; fromZero: boolean }[],
  approved: boolean,
): Transaction['metadata']['operationType'] {
  const out = transfers.filter((t) => t.direction === 'out');
  const into = transfers.filter((t) => t.direction === 'in');
  if (into.some((t) => t.fromZero)) return 'mint';
  if (out.length > 0 && into.some((t) => !out.some((o) => o.asset === t.asset))) return 'trade';
  if (out.length > 0 || transfers.some((t) => t.direction === 'self')) return 'send';
  if (into.length > 0) return 'receive';
  return approved ? 'approve' : 'execute';
}

export const encodeCursor = (block: number, txIndex: number) => Buffer.from(`${block}.${txIndex}`).toString('base64url');
export function decodeCursor(cursor: string): { block: number; txIndex: number } | null {
  const m = /^(\d{1,15})\.(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? { block: Number(m[1]), txIndex: Number(m[2]) } : null;
}

const querySchema = z.object({
  // A solana cursor carries a `before` signature per address read (src/chains/solana-history.ts).
  cursor: optionalParam(z.string().max(4096, 'invalid')),
  onramp: z.string().max(32).optional(),
  chainId: z.string().optional(),
});

type TxDb = {
  hash: string;
  block_number: string | number;
  tx_index: number;
  block_time: string | Date;
  from_address: string;
  to_address: string | null;
  nonce: string | number;
  status: number;
  method: string | null;
};
type UserOperationDb = { tx_hash: string; sender: string; nonce: string; success: boolean; target: string | null; method: string | null };
type ApprovalDb = { tx_hash: string; contract: string; spender: string; amount: string };
type TransferDb = {
  tx_hash: string;
  standard: 'native' | 'erc20' | 'erc721' | 'erc1155';
  contract: string | null;
  from_address: string;
  to_address: string;
  token_id: string | null;
  amount: string;
};

export function historyRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/account/:address/history', endpoint({ params: accountParams, query: querySchema }, async (c, { params, query: q }) => {
    const { chains, publicUrl } = c.var.ctx;
    const account = requireAccount(chains, q.chainId, params.address);
    const base = publicUrl;
    if (account.namespace === 'solana') {
      const cursor = q.cursor ? decodeSolanaCursor(q.cursor) : null;
      if (q.cursor && !cursor) throw new HttpError(400, 'cursor: invalid');
      try {
        return c.json(await solanaHistoryPage(chains, account.entry, account.address, cursor, base));
      } catch (err) {
        if (err instanceof UpstreamError) throw new HttpError(503, UPSTREAM_UNAVAILABLE);
        throw err;
      }
    }
    const { entry, address } = account;
    let after: { block: number; txIndex: number } | null = null;
    if (q.cursor) {
      after = decodeCursor(q.cursor);
      if (!after) throw new HttpError(400, 'cursor: invalid');
    }
    return c.json(await historyPage(chains, entry, address.toLowerCase(), after, base));
  }));

  return app;
}

export async function historyPage(
  rt: ChainRuntime,
  entry: ChainEntry,
  account: string,
  after: { block: number; txIndex: number } | null,
  base: string,
): Promise<{ data: Transaction[]; next: string | null }> {
  const chainId = entry.config.caipNetworkId;
  const params: unknown[] = [chainId, account, HISTORY_PAGE_SIZE + 1];
  let where = '';
  if (after) {
    params.push(after.block, after.txIndex);
    where = 'AND (block_number, tx_index) < ($4::bigint, $5::int)';
  }
  const { rows: page } = await rt.db.query<{ tx_hash: string; block_number: string | number; tx_index: number }>(
    `SELECT tx_hash, block_number, tx_index FROM account_activity WHERE chain_id = $1 AND address = $2 ${where}
     ORDER BY block_number DESC, tx_index DESC LIMIT $3`,
    params,
  );
  const more = page.length > HISTORY_PAGE_SIZE;
  const rows = page.slice(0, HISTORY_PAGE_SIZE);
  if (rows.length === 0) return { data: [], next: null };
  const hashes = rows.map((r) => r.tx_hash);
  const [{ rows: txs }, { rows: transfers }, { rows: userOperations }, { rows: approvals }, spam] = await Promise.all([
    rt.db.query<TxDb>(
      `SELECT hash, block_number, tx_index, block_time, from_address, to_address, nonce, status, method FROM chain_txs
       WHERE chain_id = $1 AND hash = ANY($2::text[])`,
      [chainId, hashes],
    ),
    // The account's outgoing transfers first (a swap's leg out, then in): a smart account's native sends are
    // inner calls stored at their UserOperationEvent's log index, after the token logs they caused.
    rt.db.query<TransferDb>(
      `SELECT tx_hash, standard, contract, from_address, to_address, token_id::text AS token_id, amount::text AS amount FROM chain_transfers
       WHERE chain_id = $1 AND tx_hash = ANY($2::text[]) AND (from_address = $3 OR to_address = $3)
       ORDER BY tx_hash, from_address = $3 DESC, log_index, batch_index`,
      [chainId, hashes, account],
    ),
    // The user operation each transaction is about for this account: its own first one (a bundle may carry several
    // of one sender), else the first that paid it (a recipient sees the smart account as the sender, not the bundler).
    rt.db.query<UserOperationDb>(
      `SELECT DISTINCT ON (o.tx_hash) o.tx_hash, o.sender, o.nonce::text AS nonce, o.success, o.target, o.method FROM chain_user_operations o
       WHERE o.chain_id = $1 AND o.tx_hash = ANY($2::text[]) AND (o.sender = $3 OR EXISTS (
         SELECT 1 FROM chain_transfers t
         WHERE t.chain_id = o.chain_id AND t.tx_hash = o.tx_hash AND t.from_address = o.sender AND t.to_address = $3))
       ORDER BY o.tx_hash, o.sender = $3 DESC, o.log_index`,
      [chainId, hashes, account],
    ),
    rt.db.query<ApprovalDb>(
      `SELECT tx_hash, contract, spender, amount::text AS amount FROM chain_approvals
       WHERE chain_id = $1 AND tx_hash = ANY($2::text[]) AND owner = $3 ORDER BY tx_hash, log_index`,
      [chainId, hashes, account],
    ),
    rt.spamSet(entry),
  ]);

  const contracts = [...new Set([...transfers.filter((t) => t.contract).map((t) => t.contract!), ...approvals.map((a) => a.contract)])];
  const nftRefs: NftRef[] = transfers
    .filter((t) => t.standard === 'erc721' || t.standard === 'erc1155')
    .map((t) => ({ contract: t.contract!, tokenId: t.token_id!, standard: t.standard as NftRef['standard'] }));
  const [info, metas] = await Promise.all([contractInfo(rt, entry, contracts), nftMetadata(rt, entry, nftRefs)]);
  const symbols = new Set<string>([entry.config.nativeCurrency.symbol]);
  for (const t of transfers) if (t.standard === 'erc20') symbols.add(info.get(t.contract!)?.symbol ?? '');
  const symbolList = [...symbols].filter(Boolean);
  const priceList = await rt.priceSource.getPrices(symbolList.map((s) => ({ chainId, symbol: s })), 'usd');
  const priceOf = new Map(symbolList.map((s, i) => [s, priceList[i] ?? null]));

  const txByHash = new Map(txs.map((t) => [t.hash, t]));
  const userOperationByTx = new Map(userOperations.map((o) => [o.tx_hash, o]));
  const byTx = <T extends { tx_hash: string }>(list: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const item of list) grouped.set(item.tx_hash, [...(grouped.get(item.tx_hash) ?? []), item]);
    return grouped;
  };
  const transfersByTx = byTx(transfers);
  const approvalsByTx = byTx(approvals);
  const n = entry.config.nativeCurrency;
  const fungible = (contract: string | null) => {
    const ci = contract === null ? { name: n.name, symbol: n.symbol, decimals: n.decimals } : info.get(contract);
    const symbol = ci?.symbol ?? '?';
    const configured = contract === null ? n.iconUrl : entry.config.tokens.find((k) => k.address.toLowerCase() === contract)?.iconUrl;
    return { decimals: ci?.decimals ?? 0, info: { name: ci?.name ?? symbol, symbol, icon: { url: tokenIconUrl(base, symbol, configured) } } };
  };
  const router = entry.config.swap?.router.toLowerCase();

  const data: Transaction[] = [];
  for (const r of rows) {
    const tx = txByHash.get(r.tx_hash);
    if (!tx) continue;
    const own = transfersByTx.get(r.tx_hash) ?? [];
    const out: Transfer[] = own.map((t) => {
      const direction: Transfer['direction'] = t.from_address === account && t.to_address === account ? 'self' : t.from_address === account ? 'out' : 'in';
      const parties = { sender: getAddress(t.from_address), recipient: getAddress(t.to_address) };
      if (t.standard === 'native' || t.standard === 'erc20') {
        const { decimals, info: fungibleInfo } = fungible(t.contract);
        const numeric = numericText(BigInt(t.amount), decimals);
        const price = priceOf.get(fungibleInfo.symbol) ?? null;
        const transfer: Transfer = { direction, quantity: { numeric }, fungible_info: fungibleInfo, ...parties };
        if (price !== null) {
          transfer.price = price;
          transfer.value = Number(numeric) * price;
        }
        return transfer;
      }
      const meta = metas.get(nftKey({ contract: t.contract!, tokenId: t.token_id! }));
      const collection = info.get(t.contract!)?.name ?? null;
      return {
        direction,
        quantity: { numeric: t.amount },
        nft_info: {
          name: meta?.name ?? `${collection ?? 'NFT'} #${t.token_id}`,
          content: { preview: { url: meta?.imageUrl ?? '' } },
          flags: { is_spam: spam.has(t.contract!) },
        },
        ...parties,
      };
    });
    const given: Approval[] = (approvalsByTx.get(r.tx_hash) ?? []).map((a) => {
      const { decimals, info: fungibleInfo } = fungible(a.contract);
      const amount = BigInt(a.amount);
      const unlimited = amount >= UNLIMITED_APPROVAL;
      return {
        fungible_info: fungibleInfo,
        ...(unlimited ? {} : { quantity: { numeric: numericText(amount, decimals) } }),
        unlimited,
        spender: { address: getAddress(a.spender), ...(a.spender === router ? { name: SWAP_EXCHANGE_NAME } : {}) },
      };
    });
    const operationType = operationTypeOf(
      own.map((t, i) => ({ direction: out[i]!.direction, asset: `${t.contract ?? 'native'}#${t.token_id ?? ''}`, fromZero: t.from_address === ZERO_ADDRESS })),
      given.length > 0,
    );
    const op = userOperationByTx.get(r.tx_hash);
    const method = op ? op.method : tx.method;
    data.push({
      id: `${tx.hash}:${chainId}`,
      metadata: {
        operationType,
        hash: tx.hash,
        minedAt: new Date(tx.block_time).toISOString(),
        ...(op
          ? {
              sentFrom: getAddress(op.sender),
              sentTo: getAddress(op.target ?? op.sender),
              status: op.success ? 'confirmed' : 'failed',
              nonce: Number(BigInt(op.nonce) & NONCE_SEQUENCE_MASK),
            }
          : {
              sentFrom: getAddress(tx.from_address),
              sentTo: tx.to_address ? getAddress(tx.to_address) : '',
              status: Number(tx.status) === 1 ? 'confirmed' : 'failed',
              nonce: Number(tx.nonce),
            }),
        chain: chainId,
        ...(method ? { method } : {}),
      },
      transfers: out,
      approvals: given,
    });
  }
  const last = rows[rows.length - 1]!;
  return { data, next: more ? encodeCursor(Number(last.block_number), Number(last.tx_index)) : null };
}
