// Loaded with chain.ts: signing and sending over the WalletConnect session (its solana namespace), whose wallet
// methods take and return text (base58 messages and signatures, base64 transactions) rather than bytes.
import { compileTransaction, getBase58Encoder, getBase64EncodedWireTransaction } from '@solana/kit';
import * as z from 'zod/mini';
import type { CaipNetwork } from '../../network';
import type { TokenTransfer } from '../types';
import type { NamespaceSession } from '../walletconnect/session';

/** The one part of the session these calls use. */
type SessionRequest = Pick<NamespaceSession, 'request'>;
import { toBase58 } from './rpc';
import { buildTransferMessage } from './transfer';

/** A 64-byte ed25519 signature in base58, as WalletConnect's solana methods return it. */
const walletConnectSignatureSchema = z.object({
  signature: z.string().check(
    z.maxLength(100),
    z.refine((text) => {
      try {
        return getBase58Encoder().encode(text).length === 64;
      } catch {
        return false;
      }
    }, 'a signature is 64 bytes in base58'),
  ),
});

/** `solana_signMessage` `{ message: base58 of the UTF-8 text, pubkey }` → the base58 signature. */
export async function signMessageOverWalletConnect(session: SessionRequest, address: string, message: string): Promise<string> {
  const reply = await session.request('solana_signMessage', { message: toBase58(new TextEncoder().encode(message)), pubkey: address });
  return walletConnectSignatureSchema.parse(reply).signature;
}

/**
 * Builds the transfer (transfer.ts) and has the wallet sign and send it with `solana_signAndSendTransaction`
 * `{ transaction: base64 wire transaction, its signatures empty }` → `{ signature }`, the transaction's base58 signature.
 */
export async function sendTransferOverWalletConnect(session: SessionRequest, transfer: TokenTransfer, network: CaipNetwork): Promise<string> {
  const { message } = await buildTransferMessage(transfer, network);
  const transaction = getBase64EncodedWireTransaction(compileTransaction(message));
  const reply = await session.request('solana_signAndSendTransaction', { transaction });
  return walletConnectSignatureSchema.parse(reply).signature;
}
