// The solana adapter's WalletConnect calls (adapters/solana/walletconnect.ts): what the session is asked, and which
// answers are taken. The session is a recording double; the chain reads go to the test kit's Solana RPC stub.
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import {
  address,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit';
import { parseTransferSolInstruction } from '@solana-program/system';
import { solanaLocalnet, solanaRpcStub, type SolanaRpcStub } from '@portico/test-kit';
import { sendTransferOverWalletConnect, signMessageOverWalletConnect } from '../src/adapters/solana/walletconnect';
import { toCaipNetwork } from '../src/index';

let rpc: SolanaRpcStub;
beforeAll(async () => {
  rpc = await solanaRpcStub();
});
afterAll(() => rpc.close());

/** A session that records each request and answers `reply`. */
function sessionAnswering(reply: unknown) {
  const asked: Array<{ method: string; params: unknown }> = [];
  return {
    asked,
    async request(method: string, params: unknown) {
      asked.push({ method, params });
      return reply;
    },
  };
}

const SIGNATURE = getBase58Decoder().decode(new Uint8Array(64).fill(7));

describe('solana over WalletConnect', () => {
  it('signMessage asks solana_signMessage with the base58 of the text and the account, and answers the base58 signature', async () => {
    const session = sessionAnswering({ signature: SIGNATURE });
    const signer = await generateKeyPairSigner();
    expect(await signMessageOverWalletConnect(session, signer.address, 'hi')).toBe(SIGNATURE);
    expect(session.asked).toEqual([{ method: 'solana_signMessage', params: { message: getBase58Decoder().decode(new TextEncoder().encode('hi')), pubkey: signer.address } }]);
  });

  it('a send asks solana_signAndSendTransaction with the unsigned base64 wire transaction of the transfer, paid by the sender', async () => {
    const session = sessionAnswering({ signature: SIGNATURE });
    const [sender, receiver] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const network = toCaipNetwork({ ...solanaLocalnet, rpcUrls: { default: { http: [rpc.url] } } });
    const hash = await sendTransferOverWalletConnect(session, { from: sender.address, to: receiver.address, amount: '0.5', decimals: 9 }, network);
    expect(hash).toBe(SIGNATURE);
    const [{ method, params }] = session.asked as [{ method: string; params: { transaction: string } }];
    expect(method).toBe('solana_signAndSendTransaction');
    expect(Object.keys(params)).toEqual(['transaction']);
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(params.transaction));
    // The wallet signs: the sender is the one signer (fee payer), its signature still empty.
    expect(transaction.signatures).toEqual({ [address(sender.address)]: null });
    const [instruction] = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)).instructions;
    const transfer = parseTransferSolInstruction(instruction as never);
    expect(transfer.accounts.destination.address).toBe(receiver.address);
    expect(transfer.data.amount).toBe(500_000_000n);
  });

  it('an answer without a 64-byte base58 signature is refused', async () => {
    const signer = await generateKeyPairSigner();
    for (const reply of [{ signature: getBase58Decoder().decode(new Uint8Array(32)) }, { signature: '0OIl' }, { signature: 'x'.repeat(101) }, {}, 'signed']) {
      await expect(signMessageOverWalletConnect(sessionAnswering(reply), signer.address, 'hi')).rejects.toThrow();
    }
  });
});
