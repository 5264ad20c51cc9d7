// Loaded lazily, on the first switch, send or signature: none of it runs before a wallet is connected
// (and by then rpc.ts, with viem, is loaded too: the connection checksums the address with it).
import * as z from 'zod/mini';
import { PorticoError, SwitchChainError } from '../../errors';
import type { CaipNetwork } from '../../network';
import type { PreparedCall, TokenTransfer } from '../types';
import type { Eip1193Provider } from './discovery';
import { toHexQuantity, transferTransaction } from './rpc';
import { walletRequest } from '../wallet-request';

const hexChainId = (network: CaipNetwork) => `0x${Number(network.id).toString(16)}`;

/** What a wallet hands back, checked before the modal uses it (spec §8): a transaction hash, a signature. */
const transactionHash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/));
const signatureHex = z.string().check(z.regex(/^0x[0-9a-fA-F]{62,}$/));

function checked(schema: typeof transactionHash, value: unknown, what: string): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PorticoError(`The wallet returned ${what}.`, { details: String(value).slice(0, 80) });
  return parsed.data;
}

/** wallet_switchEthereumChain; a chain the wallet does not know (4902) is added first, then switched to. */
export async function switchChain(provider: Eip1193Provider, network: CaipNetwork): Promise<void> {
  const chainId = hexChainId(network);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if ((error as { code?: number })?.code !== 4902) throw new SwitchChainError(network.id, error);
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
          },
        ],
      });
      // Some wallets switch on add, others only add: ask once more (a no-op when already there).
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch (addError) {
      throw new SwitchChainError(network.id, addError);
    }
  }
}

/** eth_sendTransaction through walletRequest; resolves with the hash. */
function sendTransaction(
  provider: Eip1193Provider,
  { from, to, value, data, gas }: { from: string; to: string; value: bigint; data?: string; gas?: bigint },
  network: CaipNetwork,
): Promise<string> {
  return walletRequest(async () => {
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          to,
          value: toHexQuantity(value),
          ...(data ? { data } : {}),
          ...(gas ? { gas: toHexQuantity(gas) } : {}),
          chainId: hexChainId(network),
        },
      ],
    });
    return checked(transactionHash, hash, 'no valid transaction hash');
  });
}

/** A call prepared elsewhere (value and gas as decimal integer text), sent by the wallet. */
export const sendCall = (provider: Eip1193Provider, call: PreparedCall, network: CaipNetwork): Promise<string> =>
  sendTransaction(provider, { ...call, value: BigInt(call.value || 0), gas: call.gas ? BigInt(call.gas) : undefined }, network);

/** A native or ERC-20 transfer (native: value and empty data; ERC-20: transfer(to, amount)), sent by the wallet. */
export const sendTransfer = (provider: Eip1193Provider, transfer: TokenTransfer, network: CaipNetwork): Promise<string> =>
  sendTransaction(provider, transferTransaction(transfer), network);

/** personal_sign (EIP-191) of a text message, hex-encoded UTF-8 as viem and most wallets send it. */
export function signPersonalMessage(provider: Eip1193Provider, address: string, message: string): Promise<string> {
  const hex = `0x${Array.from(new TextEncoder().encode(message), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  return walletRequest(async () => {
    const signature = await provider.request({ method: 'personal_sign', params: [hex, address] });
    return checked(signatureHex, signature, 'no valid signature');
  });
}
