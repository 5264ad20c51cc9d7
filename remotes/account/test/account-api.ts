/**
 * The blockchain API the account views read (spec section 7: balance, NFTs, history, identity) as
 * `apiStub` routes over a state each test fills in, and the balance items and transactions the tests use.
 */
import type { BalanceItem, Nft, Transaction } from '@portico/shared-state';
import { ACCOUNT, CHAIN, RECEIVER, anvil, type ApiReply, type ApiRoutes } from '@portico/test-kit';

export const ethBalance: BalanceItem = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: CHAIN,
  value: 30_000_000,
  price: 3000,
  quantity: { decimals: '18', numeric: '10000' },
  iconUrl: 'http://api.test/icons/eth.png',
};
export const pusdBalance: BalanceItem = {
  name: 'Portico USD',
  symbol: 'PUSD',
  chainId: CHAIN,
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 1234.57,
  price: 1,
  quantity: { decimals: '6', numeric: '1234.5678' },
};

/** The account's `index`-th transaction (newest first, `index + 5` minutes ago): 1.5 ETH to RECEIVER unless overridden. */
export function transaction(index: number, overrides: Partial<Transaction['metadata']> = {}, transfers?: Transaction['transfers']): Transaction {
  return {
    id: `tx-${index}`,
    metadata: {
      operationType: 'send',
      hash: `0x${index.toString(16).padStart(64, '0')}`,
      minedAt: new Date(Date.now() - (index + 5) * 60_000).toISOString(),
      sentFrom: ACCOUNT,
      sentTo: RECEIVER,
      status: 'confirmed',
      chain: CHAIN,
      ...overrides,
    },
    transfers: transfers ?? [
      { direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { name: 'Ether', symbol: 'ETH' }, value: 4500, sender: ACCOUNT, recipient: RECEIVER },
    ],
  };
}

/** What the stub answers; a test changes it before (or while) rendering. */
export interface AccountApiState {
  balances: BalanceItem[];
  nfts: Nft[];
  /** Pages of history by cursor ('' is the first page). */
  history: Record<string, { data: Transaction[]; next?: string | null }>;
  identity: { name?: string | null; avatar?: string | null };
  /** When set, balance requests wait for it. */
  balanceGate?: Promise<void>;
}

export const emptyAccountApi = (): AccountApiState => ({ balances: [], nfts: [], history: { '': { data: [] } }, identity: {} });

/** The account routes over `state` (read at request time, so a test may change it after the stub starts). */
export function accountRoutes(state: () => AccountApiState): ApiRoutes {
  return {
    'GET /v1/account/:address/balance': async () => {
      await state().balanceGate;
      return { json: { balances: state().balances } };
    },
    'GET /v1/account/:address/nfts': () => ({ json: { data: state().nfts } }),
    'GET /v1/account/:address/history': (request) => {
      const page = state().history[request.params.get('cursor') ?? ''] ?? { data: [] };
      return { json: { data: page.data, next: page.next ?? null } };
    },
    'GET /v1/identity/:address': () => ({ json: state().identity }),
  };
}

/** An upstream failure, for `api.override({ 'GET /v1/account/:address/nfts': upstreamDown })`. */
export const upstreamDown: ApiReply = { status: 500, text: 'upstream down' };

/** A second devchain, so the network lists have more than one entry. */
export const anvilTwo = { ...anvil, id: 31338, name: 'Anvil Two', rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } };
