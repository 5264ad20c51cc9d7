/**
 * Solana history names counterparties by owner (src/chains/solana-history.ts), against the real local SVM
 * (@portico/solana-rpc): an SPL send to someone without a token account creates it in the same transaction, as
 * the modal's send does; the transaction names the new token account, history names its owner, and the rent the
 * sender put into it is not a SOL transfer.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import {
  address, appendTransactionMessageInstructions, createKeyPairSignerFromBytes, createSolanaRpc, createTransactionMessage, generateKeyPairSigner,
  getBase58Encoder, getBase64EncodedWireTransaction, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners, type Instruction, type KeyPairSigner,
} from '@solana/kit';
import {
  findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { startSolanaRpc } from '@portico/solana-rpc';
import { PUSD_MINT, SOLANA_DEV_ACCOUNTS, SOLANA_LOCAL_CAIP2 } from '@portico/solana-rpc/accounts';
import type { RunningApi } from '../src/server';
import type { Transaction } from '../src/routes/history';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = SOLANA_LOCAL_CAIP2;
let chain: Awaited<ReturnType<typeof startSolanaRpc>>;
let api: RunningApi;

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0, development: true });
  const PUSD = { mint: PUSD_MINT.address, symbol: PUSD_MINT.symbol, name: PUSD_MINT.name, decimals: PUSD_MINT.decimals };
  api = await start({ indexer: { enabled: false }, solanaChains: [{ name: 'Solana Local', rpcUrl: chain.url, tokens: [PUSD] }] });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await chain?.stop();
});

const history = async (owner: string) => {
  const url = new URL(`/v1/account/${owner}/history`, api.url);
  url.searchParams.set('projectId', PROJECT);
  url.searchParams.set('chainId', CHAIN);
  return (await getJson<{ data: Transaction[] }>(url.toString())).body.data;
};

async function send(payer: KeyPairSigner, instructions: Instruction[]) {
  const rpc = createSolanaRpc(chain.url);
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return rpc.sendTransaction(getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message)), { encoding: 'base64' }).send();
}

test('an SPL send that creates the receiver’s token account: both sides name the owners; the rent is no transfer', async () => {
  const from = await createKeyPairSignerFromBytes(getBase58Encoder().encode(SOLANA_DEV_ACCOUNTS[3]!.secretKeyBase58));
  const receiver = (await generateKeyPairSigner()).address;
  const mint = address(PUSD_MINT.address);
  const [source] = await findAssociatedTokenPda({ owner: from.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const [destination] = await findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const signature = await send(from, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: destination, owner: receiver, mint }),
    getTransferCheckedInstruction({ source, mint, destination, authority: from, amount: 1_500_000n, decimals: PUSD_MINT.decimals }),
  ]);

  const [sent] = await history(from.address);
  expect(sent!.metadata).toMatchObject({ hash: signature, operationType: 'send', sentFrom: from.address, status: 'confirmed' });
  expect(sent!.transfers).toEqual([
    expect.objectContaining({ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: expect.objectContaining({ symbol: 'PUSD' }), sender: from.address, recipient: receiver }),
  ]);
  expect(JSON.stringify(sent)).not.toContain(destination);

  const [received] = await history(receiver);
  expect(received!.metadata).toMatchObject({ hash: signature, operationType: 'receive' });
  expect(received!.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '1.5' }, sender: from.address, recipient: receiver })]);
});
