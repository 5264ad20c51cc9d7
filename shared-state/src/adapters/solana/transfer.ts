// Loaded lazily, on the first Send preview: builds SOL and SPL transfers and has the wallet sign and send them.
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compileTransactionMessage,
  createNoopSigner,
  createTransactionMessage,
  fetchEncodedAccounts,
  isAddress,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  decodeMint,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { formatUnits, parseUnits } from 'viem';
import { PorticoError } from '../../errors';
import type { CaipNetwork } from '../../network';
import { walletRequest } from '../wallet-request';
import type { TokenTransfer } from '../types';
import { walletChainFor } from './chains';
import { rpcFor, toBase58 } from './rpc';
import { featureMethod } from '../wallet-standard';
import { visibleWalletName } from '../wallet-info';
import { signatureOutputSchema, signTransactionOutputSchema } from './wallets';

/** Bytes of an SPL token account: the rent a new associated token account needs is for this size. */
const TOKEN_ACCOUNT_SIZE = 165n;

type SignAndSendMethod = (input: { account: WalletAccount; transaction: Uint8Array; chain: string }) => Promise<unknown>;
type SignTransactionMethod = SignAndSendMethod;

/**
 * The instructions of a transfer: transferSol for SOL; for an SPL token, transferChecked between the
 * associated token accounts, preceded by an idempotent create of the receiver's when it does not exist yet.
 */
async function transferInstructions(transfer: TokenTransfer, network: CaipNetwork) {
  // The form checks the spec's rule (32–44 base58 characters); a receiver must also be a 32-byte key.
  if (!isAddress(transfer.to)) throw new PorticoError('Invalid address', { details: transfer.to });
  const payer = createNoopSigner(address(transfer.from));
  const receiver = address(transfer.to);
  if (!transfer.tokenAddress) {
    const amount = parseUnits(transfer.amount, network.nativeCurrency.decimals);
    return { payer, instructions: [getTransferSolInstruction({ source: payer, destination: receiver, amount })] as Instruction[], newAccounts: 0n };
  }
  const mint = address(transfer.tokenAddress);
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: payer.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ]);
  const [mintAccount, destinationAccount] = await fetchEncodedAccounts(rpcFor(network), [mint, destination], { commitment: 'confirmed' });
  if (!mintAccount?.exists || mintAccount.programAddress !== TOKEN_PROGRAM_ADDRESS) {
    throw new PorticoError('This token cannot be sent: it is not an SPL token mint on this network.', { details: mint });
  }
  // The mint's decimals, not the caller's: transferChecked must name them exactly.
  const { decimals } = decodeMint(mintAccount).data;
  const instructions: Instruction[] = [];
  if (!destinationAccount?.exists) {
    instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: receiver, mint }));
  }
  instructions.push(
    getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount: parseUnits(transfer.amount, decimals), decimals }),
  );
  return { payer, instructions, newAccounts: destinationAccount?.exists ? 0n : 1n };
}

/** The transfer as a v0 transaction message paid by the sender, on the latest blockhash. */
export async function buildTransferMessage(transfer: TokenTransfer, network: CaipNetwork) {
  const [{ payer, instructions, newAccounts }, { value: latestBlockhash }] = await Promise.all([
    transferInstructions(transfer, network),
    rpcFor(network).getLatestBlockhash({ commitment: 'confirmed' }).send(),
  ]);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(payer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  return { message, newAccounts };
}

/** The network fee (getFeeForMessage) plus the rent of a receiver's token account the transfer creates, in SOL. */
export async function estimateTransferFee(transfer: TokenTransfer, network: CaipNetwork): Promise<string> {
  const rpc = rpcFor(network);
  const { message, newAccounts } = await buildTransferMessage(transfer, network);
  const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message));
  const [{ value: fee }, rent] = await Promise.all([
    rpc.getFeeForMessage(getBase64Decoder().decode(bytes) as TransactionMessageBytesBase64, { commitment: 'confirmed' }).send(),
    newAccounts ? rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send() : Promise.resolve(0n),
  ]);
  if (fee === null) throw new PorticoError('The network could not price this transaction. Please try again.');
  return formatUnits(fee + rent * newAccounts, network.nativeCurrency.decimals);
}

/**
 * Builds the transfer and has the wallet sign and send it: `solana:signAndSendTransaction` when the wallet
 * has it, else `solana:signTransaction` and the network's sendTransaction. Resolves with the signature (base58).
 */
export async function sendTransfer(wallet: Wallet, account: WalletAccount, transfer: TokenTransfer, network: CaipNetwork): Promise<string> {
  const { message } = await buildTransferMessage(transfer, network);
  const transaction = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
  const input = { account, transaction, chain: walletChainFor(network) };
  const signAndSend = featureMethod<SignAndSendMethod>(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction');
  if (signAndSend) {
    const { signature } = signatureOutputSchema.parse(await walletRequest(() => signAndSend(input)))[0]!;
    return toBase58(signature);
  }
  const sign = featureMethod<SignTransactionMethod>(wallet, 'solana:signTransaction', 'signTransaction');
  if (!sign) throw new PorticoError(`${visibleWalletName(wallet.name)} cannot send transactions.`);
  const { signedTransaction } = signTransactionOutputSchema.parse(await walletRequest(() => sign(input)))[0]!;
  const wire = getBase64EncodedWireTransaction(getTransactionDecoder().decode(signedTransaction));
  return rpcFor(network).sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
}
