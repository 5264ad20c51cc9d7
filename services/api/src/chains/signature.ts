/**
 * Did an address sign a personal_sign (EIP-191) message? Shared by sign-in sessions and name
 * registration. An EOA's signature is recovered locally; anything else (a contract account's
 * ERC-1271 signature, an ERC-6492 wrapped one of a not yet deployed account) is checked by viem's
 * `verifyHash` through the node of the chain it was signed for.
 */
import { hashMessage, isAddressEqual, recoverMessageAddress, type Address, type Hex } from 'viem';
import { HttpError } from '../http/errors';
import { nodeUnreachable, publicClientFor } from './public-client';
import { UPSTREAM_UNAVAILABLE } from './rpc';
import type { ChainEntry } from './runtime';

/**
 * `entry`: the configured chain the message was signed for; without one only EOA signatures verify.
 * A node that cannot be reached → HttpError 503 'Upstream node unavailable', never a silent "invalid".
 */
export async function messageSignedBy(entry: ChainEntry | undefined, timeoutMs: number, address: Address, message: string, signature: Hex): Promise<boolean> {
  const signer = await recoverMessageAddress({ message, signature }).catch(() => undefined);
  if (signer && isAddressEqual(signer, address)) return true;
  if (!entry) return false;
  let unreachable = false;
  const client = publicClientFor(entry, timeoutMs, () => (unreachable = true));
  const valid = await client.verifyHash({ address, hash: hashMessage(message), signature }).catch((err: unknown) => {
    if (nodeUnreachable(err)) unreachable = true;
    return false;
  });
  if (!valid && unreachable) throw new HttpError(503, UPSTREAM_UNAVAILABLE);
  return valid;
}
