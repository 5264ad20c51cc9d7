/**
 * What the server checks in a signed sign-in before it trusts it (spec sections 3, 5; EIP-4361):
 * the message's fields and times (`checkSiweMessage`, pure); the signature is checked by
 * `messageSignedBy` (src/chains/signature.ts: EOAs locally, contract accounts — ERC-1271, ERC-6492 —
 * through the chain's node with viem) on the chain `checkSiweMessage` returns.
 *
 * A sign-in arrives as `{ message, signature }` today; a CACAO (WalletConnect one-click auth) is
 * another `SignedSignIn` source: its payload maps onto the same `SiweMessage` fields and its `s.s`
 * onto the signature, then the same checks run.
 */
import { getAddress, type Address } from 'viem';
import { parseSiweMessage, type SiweMessage } from 'viem/siwe';
import type { ChainEntry, ChainRuntime } from '../chains/runtime';
import { HttpError } from '../http/errors';

/** A future `issuedAt` is tolerated up to this much clock skew. */
export const ISSUED_AT_SKEW_S = 60;

export const INVALID_SIGNATURE = 'Invalid signature';
export const MESSAGE_EXPIRED = 'Message expired';
export const DOMAIN_MISMATCH = 'Message domain does not match the request origin';
export const SCHEME_MISMATCH = 'Message scheme does not match its uri';

export type CheckedSiweMessage = SiweMessage & { issuedAt: Date; address: Address };

export interface SignInContext {
  /** The request's `Origin` header (absent for server-to-server calls). */
  origin: string | undefined;
  /** Is this origin on the project's allow-list? */
  originAllowed(origin: string): boolean;
  chains: ChainRuntime;
  now: Date;
}

const REQUIRED_FIELDS = ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const;

function validDate(value: Date | undefined, field: string): void {
  if (value !== undefined && Number.isNaN(value.getTime())) throw new HttpError(400, `message: ${field} is not an RFC 3339 date-time`);
}

/**
 * Parses the EIP-4361 text and checks everything but the nonce and the signature. Returns the
 * fields and the configured chain the message names. Errors: 400 malformed, 403 domain/origin, 401 expired.
 */
export function checkSiweMessage(text: string, ctx: SignInContext): { message: CheckedSiweMessage; chain: ChainEntry; origin: string } {
  const parsed = parseSiweMessage(text);
  for (const field of REQUIRED_FIELDS) {
    if (parsed[field] === undefined) throw new HttpError(400, `message: not an EIP-4361 message (no ${field})`);
  }
  if (parsed.version !== '1') throw new HttpError(400, 'message: version must be 1');
  validDate(parsed.issuedAt, 'issuedAt');
  validDate(parsed.expirationTime, 'expirationTime');
  validDate(parsed.notBefore, 'notBefore');
  const message = { ...parsed, address: getAddress(parsed.address!) } as CheckedSiweMessage;

  // The domain the wallet showed is the page's: uri's authority, the request's Origin, the project's list.
  // EIP-4361's optional scheme (`https://example.com wants you…`) belongs to it too: the uri's, hence the Origin's.
  let uri: URL;
  try {
    uri = new URL(message.uri);
  } catch {
    throw new HttpError(400, 'message: uri is not a URI');
  }
  if (uri.protocol !== 'https:' && uri.protocol !== 'http:') throw new HttpError(400, 'message: uri must be an http(s) URL');
  if (message.domain.toLowerCase() !== uri.host) throw new HttpError(403, 'Message domain does not match its uri');
  if (message.scheme !== undefined && `${message.scheme.toLowerCase()}:` !== uri.protocol) throw new HttpError(403, SCHEME_MISMATCH);
  if (ctx.origin !== undefined && ctx.origin.toLowerCase() !== uri.origin) throw new HttpError(403, DOMAIN_MISMATCH);
  if (!ctx.originAllowed(uri.origin)) throw new HttpError(403, 'Message domain is not an allowed origin of this project');

  const chain = ctx.chains.get(`eip155:${message.chainId}`);
  if (!chain) throw new HttpError(400, `message: chain eip155:${message.chainId} is not supported`);

  const now = ctx.now.getTime();
  if (message.issuedAt.getTime() > now + ISSUED_AT_SKEW_S * 1000) throw new HttpError(400, 'Message issuedAt is in the future');
  if (message.expirationTime && message.expirationTime.getTime() <= now) throw new HttpError(401, MESSAGE_EXPIRED);
  if (message.notBefore && message.notBefore.getTime() > now) throw new HttpError(401, 'Message is not valid yet (notBefore)');
  return { message, chain, origin: uri.origin };
}
