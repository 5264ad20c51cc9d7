// Loaded with universal.ts: what a WalletConnect session proposes per namespace, and the accounts it grants.
import * as z from 'zod/mini';
import type { ConnectedAccount } from '../adapters/types';
import { isValidAddress } from '../address/shapes';
import { parseCaipAddress } from '../caip';
import type { ChainNamespace } from '../constants';
import type { CaipNetwork } from '../network';
import { recordOf } from '../storage';

/**
 * The wallet methods each namespace proposes (the names AppKit's WalletConnect connector uses). A request for a
 * method the session did not grant goes to the network's RPC instead of the wallet, so signing needs these.
 */
export const WALLET_CONNECT_METHODS: Readonly<Record<ChainNamespace, readonly string[]>> = {
  eip155: [
    'eth_sendTransaction',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_getCapabilities',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions'],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signAmino', 'cosmos_signDirect'],
  // WalletConnect's bip122 namespace names its methods without a prefix.
  bip122: ['signMessage', 'sendTransfer', 'getAccountAddresses'],
};
const EVENTS = ['accountsChanged', 'chainChanged'];

/** At most this many addresses of one namespace are taken from a session (the wallet-account limit elsewhere); the rest are ignored. */
export const MAX_SESSION_ACCOUNTS = 16;

export interface ProposalNamespace {
  chains: string[];
  methods: string[];
  events: string[];
  /** Chain reference → RPC URL: the provider's reads go to the host's nodes, not a hosted default. */
  rpcMap: Record<string, string>;
}

/** optionalNamespaces of the proposal: one entry for every namespace the host configured networks in. */
export function proposalNamespaces(networks: readonly CaipNetwork[]): Partial<Record<ChainNamespace, ProposalNamespace>> {
  const proposal: Partial<Record<ChainNamespace, ProposalNamespace>> = {};
  for (const network of networks) {
    const namespace = (proposal[network.chainNamespace] ??= {
      chains: [],
      methods: [...WALLET_CONNECT_METHODS[network.chainNamespace]],
      events: EVENTS,
      rpcMap: {},
    });
    namespace.chains.push(network.caipNetworkId);
    const rpcUrl = network.rpcUrls.default.http[0];
    if (rpcUrl) namespace.rpcMap[network.caipNetworkId.split(':')[1]!] = rpcUrl;
  }
  return proposal;
}

// recordOf, not z.record: every zod feature used anywhere costs every page (zod-parts.ts).
const sessionNamespacesSchema = recordOf(z.object({ accounts: z.array(z.string()) }));

/** The session's accounts per namespace (CAIP-10 `namespace:reference:address`, as the wallet approved them). */
export type SessionAccounts = Partial<Record<ChainNamespace, ConnectedAccount>>;

/**
 * The account the session grants in each namespace: every CAIP-10 account is parsed and its address checked
 * for its namespace (a malformed one is dropped). The first account on a configured chain picks the chain (else
 * the first account's); `addresses` are that chain's, unique, first one first, at most MAX_SESSION_ACCOUNTS.
 */
export function sessionAccounts(sessionNamespaces: unknown, networks: readonly CaipNetwork[]): SessionAccounts {
  const parsed = sessionNamespacesSchema.safeParse(sessionNamespaces);
  if (!parsed.success) return {};
  const byNamespace = new Map<ChainNamespace, { reference: string; address: string; configured: boolean }[]>();
  for (const caipAddress of Object.values(parsed.data).flatMap((namespace) => namespace.accounts)) {
    let account: ReturnType<typeof parseCaipAddress>;
    try {
      account = parseCaipAddress(caipAddress);
    } catch {
      continue;
    }
    if (!isValidAddress(account.namespace, account.address)) continue;
    const configured = networks.some((network) => network.caipNetworkId === account.caipNetworkId);
    const list = byNamespace.get(account.namespace) ?? [];
    list.push({ reference: account.reference, address: account.address, configured });
    byNamespace.set(account.namespace, list);
  }
  const accounts: SessionAccounts = {};
  for (const [namespace, list] of byNamespace) {
    const chainReference = (list.find((account) => account.configured) ?? list[0]!).reference;
    const addresses = [...new Set(list.filter((account) => account.reference === chainReference).map((account) => account.address))].slice(
      0,
      MAX_SESSION_ACCOUNTS,
    );
    // One address is the common case: `addresses` then stays absent (ConnectedAccount).
    accounts[namespace] = { address: addresses[0]!, chainReference, ...(addresses[1] ? { addresses } : {}) };
  }
  return accounts;
}

/**
 * The session's accounts as one connection: the primary namespace's account (eip155 when granted, as the
 * WalletConnect connector is listed there, else the first granted) carries the others (`otherNamespaces`).
 * Undefined when the session grants no account at all.
 */
export function sessionConnection(accounts: SessionAccounts): ConnectedAccount | undefined {
  const granted = Object.keys(accounts) as ChainNamespace[];
  const primary = granted.includes('eip155') ? 'eip155' : granted[0];
  if (!primary) return undefined;
  const others = Object.fromEntries(granted.filter((namespace) => namespace !== primary).map((namespace) => [namespace, accounts[namespace]]));
  return { ...accounts[primary]!, namespace: primary, ...(Object.keys(others).length ? { otherNamespaces: others } : {}) };
}
