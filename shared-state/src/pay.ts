/**
 * Where the host's payment (`pay` option, flag `pay`, issue 32) goes and whether the active account can pay it now.
 * A payment goes through Send, so its namespace is one Send supports (spec section 5: eip155 and solana).
 */
import { isValidAddress } from './address/shapes';
import type { AccountState } from './atoms';
import type { ChainNamespace } from './constants';
import type { CaipNetwork } from './network';

/** The namespaces a payment may go to: those Send supports (spec section 5). */
export const PAY_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[];
export type PayNamespace = (typeof PAY_NAMESPACES)[number];

/**
 * The namespace of a payment to `recipient`: the namespace of `network` when the host pins one, else the one whose
 * address the recipient is (eip155 only with its 0x: the spec's shape without it overlaps Solana's base58).
 * Undefined when the recipient is no address there, or the pinned network is in no namespace a payment may use.
 *
 * @example
 * paymentNamespace('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'); // 'eip155'
 * paymentNamespace('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'); // 'solana'
 * paymentNamespace('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'eip155:1'); // undefined
 */
export function paymentNamespace(recipient: string, network?: string): PayNamespace | undefined {
  const fits = (namespace: PayNamespace) =>
    isValidAddress(namespace, recipient) && (namespace !== 'eip155' || recipient.startsWith('0x'));
  if (network === undefined) return PAY_NAMESPACES.find(fits);
  const pinned = PAY_NAMESPACES.find((namespace) => network.startsWith(`${namespace}:`));
  return pinned && fits(pinned) ? pinned : undefined;
}

/** The host's payment after validation: `namespace` decided by `paymentNamespace`. */
export interface Payment {
  recipient: string;
  /** Decimal text in the token's units, e.g. '0.25'. */
  amount: string;
  /** The token paid: the network's native currency or a token of the account's balances, by symbol. */
  symbol: string;
  /** A CAIP-2 network id the host pinned the payment to. */
  network?: string;
  namespace: PayNamespace;
}

/**
 * What the Pay view can do with the payment for the active account:
 * - `unsupported`: no configured network fits it (spec §8 'Chain is not supported'); nothing can be sent;
 * - `connect`: it is in another namespace with no wallet connected there: connect one on `network` first;
 * - `switch`: the wallet is connected there, on another network than the payment's: switch to `network` first;
 * - `pay`: the active network is the payment's.
 */
export type PaymentPlan =
  | { kind: 'unsupported'; namespace: PayNamespace }
  | { kind: 'pay'; network: CaipNetwork }
  | { kind: 'connect' | 'switch'; network: CaipNetwork };

/**
 * The network the payment goes to: the pinned one when it is configured; else, in the payment's namespace, the active
 * network, then the network of the wallet connected there, then the namespace's first configured network. Undefined
 * when the host configured none of them.
 */
export function paymentNetwork(
  payment: Payment,
  networks: readonly CaipNetwork[],
  active: CaipNetwork | undefined,
  accounts: Partial<Record<ChainNamespace, AccountState>>,
): CaipNetwork | undefined {
  if (payment.network) return networks.find((network) => network.caipNetworkId === payment.network);
  if (active?.chainNamespace === payment.namespace) return active;
  const walletNetwork = accounts[payment.namespace]?.caipAddress?.split(':', 2).join(':');
  return (
    networks.find((network) => network.caipNetworkId === walletNetwork) ??
    networks.find((network) => network.chainNamespace === payment.namespace)
  );
}

/**
 * Whether the active account can pay `payment` as it stands, and which network it must be on otherwise.
 *
 * @example
 * planPayment(toSolana, [anvil, solanaLocal], anvil, { eip155: connected }); // { kind: 'connect', network: solanaLocal }
 * planPayment(toSolana, [anvil, solanaLocal], anvil, { eip155: connected, solana: connected }); // { kind: 'switch', … }
 * planPayment(toSolana, [anvil], anvil, { eip155: connected }); // { kind: 'unsupported', namespace: 'solana' }
 */
export function planPayment(
  payment: Payment,
  networks: readonly CaipNetwork[],
  active: CaipNetwork | undefined,
  accounts: Partial<Record<ChainNamespace, AccountState>>,
): PaymentPlan {
  const network = paymentNetwork(payment, networks, active, accounts);
  if (!network) return { kind: 'unsupported', namespace: payment.namespace };
  if (network.caipNetworkId === active?.caipNetworkId) return { kind: 'pay', network };
  const walletThere = network.chainNamespace === active?.chainNamespace || accounts[network.chainNamespace]?.status === 'connected';
  return { kind: walletThere ? 'switch' : 'connect', network };
}
