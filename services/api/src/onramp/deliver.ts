/**
 * The demo provider's delivery: a REAL transaction on a local dev chain from the funding key — a
 * native transfer, or an ERC-20 `transfer` (falling back to `mint` when the funding account holds
 * too little and is the token's minter, as on the local devchain).
 *
 * Two steps, so a delivery is idempotent: `signDelivery` builds and signs the transaction without
 * sending it (the caller records its hash and bytes first), `sendAndConfirm` broadcasts those exact
 * bytes — again after a restart if need be: the same nonce and hash can be mined only once.
 */
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, keccak256, parseAbi, encodeFunctionData, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainNumber, type ChainConfig } from '../chains/config';
import type { OnRampAsset } from './quote';

/** ERC-20 plus the devchain tokens' `mint` (not a standard function: viem has no ABI for it). */
const MINTABLE_ERC20 = [...erc20Abi, ...parseAbi(['function mint(address to, uint256 amount)'])];

/** Before anything was broadcast: nothing paid, the session may be tried again. */
export class DeliveryError extends Error {}

export interface SignedDelivery {
  hash: Hex;
  raw: Hex;
}

const RECEIPT_TIMEOUT_MS = 60_000;

function clients(config: ChainConfig) {
  const chain = defineChain({
    id: chainNumber(config),
    name: config.name,
    nativeCurrency: config.nativeCurrency,
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const transport = http(config.rpcUrl, { retryCount: 0, timeout: 10_000 });
  return { chain, transport, node: createPublicClient({ chain, transport, pollingInterval: 100 }) };
}

/** Builds and signs the delivering transaction (next pending nonce of the funding account); sends nothing. */
export async function signDelivery(asset: OnRampAsset, fundingKey: Hex, to: Address, units: bigint): Promise<SignedDelivery> {
  const { chain, transport, node } = clients(asset.entry.config);
  const account = privateKeyToAccount(fundingKey);
  const wallet = createWalletClient({ account, chain, transport });
  let call: { to: Address; value?: bigint; data?: Hex };
  if (!asset.address) {
    call = { to, value: units };
  } else {
    const held = await node.readContract({ address: asset.address, abi: MINTABLE_ERC20, functionName: 'balanceOf', args: [account.address] });
    if (held >= units) {
      call = { to: asset.address, data: encodeFunctionData({ abi: MINTABLE_ERC20, functionName: 'transfer', args: [to, units] }) };
    } else {
      try {
        await node.simulateContract({ account, address: asset.address, abi: MINTABLE_ERC20, functionName: 'mint', args: [to, units] });
      } catch {
        throw new DeliveryError(`The provider holds too little ${asset.symbol} to deliver this purchase.`);
      }
      call = { to: asset.address, data: encodeFunctionData({ abi: MINTABLE_ERC20, functionName: 'mint', args: [to, units] }) };
    }
  }
  const request = await wallet.prepareTransactionRequest({ account, chain, ...call });
  const raw = await wallet.signTransaction(request);
  return { raw, hash: keccak256(raw) };
}

/** The transaction's outcome if it is mined, else null (also when the node cannot be reached). */
export async function minedOutcome(config: ChainConfig, hash: Hex): Promise<'success' | 'reverted' | null> {
  const receipt = await clients(config).node.getTransactionReceipt({ hash }).catch(() => null);
  return receipt?.status ?? null;
}

/**
 * Broadcasts the recorded transaction and waits for its receipt. A node that already has it (in
 * its pool or mined) answers with an error, which changes nothing: the receipt decides.
 * 'pending' when no receipt came in time or the node is unreachable — it may still be mined, so
 * the session stays in processing.
 */
export async function sendAndConfirm(config: ChainConfig, delivery: SignedDelivery): Promise<'success' | 'reverted' | 'pending'> {
  const mined = await minedOutcome(config, delivery.hash);
  if (mined) return mined;
  const { node } = clients(config);
  await node.sendRawTransaction({ serializedTransaction: delivery.raw }).catch(() => undefined);
  try {
    return (await node.waitForTransactionReceipt({ hash: delivery.hash, timeout: RECEIPT_TIMEOUT_MS })).status;
  } catch {
    return 'pending';
  }
}
