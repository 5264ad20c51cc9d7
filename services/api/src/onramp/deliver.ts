/**
 * The demo provider's delivery: a REAL transaction on the configured chain from the funding key —
 * a native transfer, or an ERC-20 `transfer` (falling back to `mint` when the funding account holds
 * too little and is the token's minter, as on the local devchain). One delivery at a time per
 * chain, so the funding account's nonces never collide inside this process.
 */
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainNumber } from '../chains/config';
import type { OnRampAsset } from './quote';

const ERC20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount)',
]);

export class DeliveryError extends Error {}

const queues = new Map<string, Promise<unknown>>();

function serialised<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(run);
  queues.set(key, next);
  return next;
}

export function deliver(asset: OnRampAsset, fundingKey: Hex, to: Address, units: bigint): Promise<Hex> {
  const { config } = asset.entry;
  return serialised(config.caipNetworkId, async () => {
    const chain = defineChain({
      id: chainNumber(config),
      name: config.name,
      nativeCurrency: config.nativeCurrency,
      rpcUrls: { default: { http: [config.rpcUrl] } },
    });
    const transport = http(config.rpcUrl, { retryCount: 0, timeout: 10_000 });
    const account = privateKeyToAccount(fundingKey);
    const wallet = createWalletClient({ account, chain, transport });
    const node = createPublicClient({ chain, transport, pollingInterval: 100 });

    let hash: Hex;
    if (!asset.address) {
      hash = await wallet.sendTransaction({ to, value: units });
    } else {
      const held = await node.readContract({ address: asset.address, abi: ERC20, functionName: 'balanceOf', args: [account.address] });
      if (held >= units) {
        hash = await wallet.writeContract({ address: asset.address, abi: ERC20, functionName: 'transfer', args: [to, units] });
      } else {
        try {
          const { request } = await node.simulateContract({ account, address: asset.address, abi: ERC20, functionName: 'mint', args: [to, units] });
          hash = await wallet.writeContract(request);
        } catch {
          throw new DeliveryError(`The provider holds too little ${asset.symbol} to deliver this purchase.`);
        }
      }
    }
    const receipt = await node.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== 'success') throw new DeliveryError(`The delivering transaction ${hash} reverted.`);
    return hash;
  });
}
