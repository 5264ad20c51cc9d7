// Loaded lazily (lazy.ts) on pages whose networks include polkadot, cosmos or bip122: those namespaces are
// reached through the WalletConnect session only (bip122's injected wallets are its own adapter's).
import { base64 } from '@scure/base';
import * as z from 'zod/mini';
import { isValidAddress } from '../../address/shapes';
import { CONNECTOR_IDS } from '../../constants';
import { ConnectorNotFoundError, PorticoError } from '../../errors';
import { SendingUnsupportedError } from '../unsupported';
import type { ChainAdapter } from '../types';
import { namespaceSession, type WalletConnectAccess } from './session';

/** The namespaces this adapter serves. */
export type WalletConnectOnlyNamespace = 'polkadot' | 'cosmos' | 'bip122';

/** The adapter always signs messages, through its namespace's WalletConnect method. */
export type WalletConnectOnlyAdapter = ChainAdapter & Required<Pick<ChainAdapter, 'signMessage'>>;

/** A signature longer than this is not one (sr25519 and secp256k1 signatures are 64–65 bytes; BIP-322 witnesses stay far below). */
export const MAX_SIGNATURE_CHARS = 1024;
const signatureText = z.string().check(z.minLength(1), z.maxLength(MAX_SIGNATURE_CHARS));

/**
 * ADR-036's amino sign doc for an arbitrary message (as Keplr's signArbitrary): wallets sign it with
 * `cosmos_signAmino`; no chain, fee or sequence, so it can never be a transaction.
 */
export function arbitrarySignDoc(signer: string, message: string) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(new TextEncoder().encode(message)) } }],
    memo: '',
  };
}

/** Each namespace's message signing over WalletConnect: method, params, and where the signature is in the answer. */
const SIGN_MESSAGE: Record<WalletConnectOnlyNamespace, { method: string; params(address: string, message: string): unknown; reply: z.ZodMiniType<string> }> = {
  // Hex sr25519/ed25519 signature of the message's bytes.
  polkadot: {
    method: 'polkadot_signMessage',
    params: (address, message) => ({ address, message }),
    reply: z.pipe(z.object({ signature: signatureText }), z.transform(({ signature }) => signature)),
  },
  // The amino StdSignature: base64 signature beside the signer's public key.
  cosmos: {
    method: 'cosmos_signAmino',
    params: (address, message) => ({ signerAddress: address, signDoc: arbitrarySignDoc(address, message) }),
    reply: z.pipe(z.object({ signature: z.object({ signature: signatureText }) }), z.transform(({ signature }) => signature.signature)),
  },
  // BIP-322 (or legacy) signature, base64.
  bip122: {
    method: 'signMessage',
    params: (address, message) => ({ account: address, address, message }),
    reply: z.pipe(z.object({ signature: signatureText }), z.transform(({ signature }) => signature)),
  },
};

/**
 * A ChainAdapter for a namespace Portico reaches only through WalletConnect (polkadot, cosmos; bip122 until its
 * injected wallets' adapter serves it). Its one connector is WalletConnect, listed once under eip155: a session
 * that grants this namespace an account connects it (ConnectedAccount.otherNamespaces). No balances and no sends
 * (spec section 5): the balance is undefined, so the account shows none, and sends reject with SendingUnsupportedError.
 */
export function createWalletConnectOnlyAdapter(namespace: WalletConnectOnlyNamespace, access: WalletConnectAccess): WalletConnectOnlyAdapter {
  const session = namespaceSession(namespace, access);
  const sessionFor = (connectorId: string) => {
    if (connectorId !== CONNECTOR_IDS.walletConnect) throw new ConnectorNotFoundError(connectorId);
    return session;
  };
  const noSending = async (): Promise<never> => {
    throw new SendingUnsupportedError(namespace);
  };

  return {
    namespace,
    watchConnectors(onChange) {
      onChange([]);
      return () => undefined;
    },
    connect: async (connectorId) => sessionFor(connectorId).connect(),
    reconnect: async (connectorId) => sessionFor(connectorId).reconnect(),
    disconnect: async (connectorId) => sessionFor(connectorId).disconnect(),
    async switchNetwork(connectorId, network) {
      sessionFor(connectorId).switchNetwork(network);
    },
    watchWallet: (connectorId, handlers) => sessionFor(connectorId).watch(handlers),
    async normalizeAddress(address) {
      if (!isValidAddress(namespace, address)) throw new PorticoError('Invalid address', { details: address });
      return address;
    },
    getNativeBalance: async () => undefined,
    estimateTransferFee: noSending,
    sendTransfer: noSending,
    waitForTransaction: noSending,
    async signMessage(connectorId, address, message) {
      const { method, params, reply } = SIGN_MESSAGE[namespace];
      return reply.parse(await sessionFor(connectorId).request(method, params(address, message)));
    },
    getProvider: () => session.provider(),
  };
}
