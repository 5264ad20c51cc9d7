/**
 * What the server checks in a signed sign-in before it trusts it (spec sections 3, 5; EIP-4361 on
 * eip155, Sign-In With Solana on solana, its Bitcoin twin on bip122): the message's fields and
 * times (`checkSignInMessage`, pure); the route checks the signature: `messageSignedBy` (src/chains/signature.ts: EOAs locally,
 * contract accounts — ERC-1271, ERC-6492 — through the node of the chain the message names with
 * viem), ed25519 by the Solana address (siws.ts) or BIP-322 by the bitcoin address (bip322.ts).
 *
 * A sign-in arrives as `{ message, signature }` today; a CACAO (WalletConnect one-click auth) is
 * another `SignedSignIn` source: its payload maps onto the same `SiweMessage` fields and its `s.s`
 * onto the signature, then the same checks run.
 */
import { getAddress, type Address } from 'viem';
import { parseSiweMessage, type SiweMessage } from 'viem/siwe';
import type { ChainRuntime } from '../chains/runtime';
import { isSolanaAccount } from '../http/chain';
import { HttpError } from '../http/errors';
import { bitcoinHrp, decodeSegwitAddress, UNSUPPORTED_BITCOIN_ADDRESS } from './bip322';
import { isSiwsText, parseSiws } from './siws';

/** A future `issuedAt` is tolerated up to this much clock skew. */
export const ISSUED_AT_SKEW_S = 60;

export const INVALID_SIGNATURE = 'Invalid signature';
export const MESSAGE_EXPIRED = 'Message expired';
export const DOMAIN_MISMATCH = 'Message domain does not match the request origin';
export const SCHEME_MISMATCH = 'Message scheme does not match its uri';

export type CheckedSiweMessage = SiweMessage & { issuedAt: Date; address: Address };

/** A sign-in whose fields and times passed, in any namespace's form: what a session row is made of. */
export interface CheckedSignIn {
  /** CAIP-2, e.g. 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' or 'bip122:000000000019d6689c085ae165831e93'. */
  chainId: string;
  /** eip155: checksummed; solana (base58) and bip122 (bech32): as signed. */
  address: string;
  domain: string;
  uri: string;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
}

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

/** The times and site every sign-in shares, as parsed from any form. */
interface SignInParts {
  domain: string;
  uri: string;
  scheme?: string;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
}

/**
 * The domain the wallet showed is the page's: uri's authority, the request's Origin, the project's
 * list. Answers the page's origin (the JWT's audience).
 */
function checkSite(parts: SignInParts, ctx: SignInContext): string {
  let uri: URL;
  try {
    uri = new URL(parts.uri);
  } catch {
    throw new HttpError(400, 'message: uri is not a URI');
  }
  if (uri.protocol !== 'https:' && uri.protocol !== 'http:') throw new HttpError(400, 'message: uri must be an http(s) URL');
  if (parts.domain.toLowerCase() !== uri.host) throw new HttpError(403, 'Message domain does not match its uri');
  // EIP-4361's optional scheme (`https://example.com wants you…`) belongs to the domain too: the uri's, hence the Origin's.
  if (parts.scheme !== undefined && `${parts.scheme.toLowerCase()}:` !== uri.protocol) throw new HttpError(403, SCHEME_MISMATCH);
  if (ctx.origin !== undefined && ctx.origin.toLowerCase() !== uri.origin) throw new HttpError(403, DOMAIN_MISMATCH);
  if (!ctx.originAllowed(uri.origin)) throw new HttpError(403, 'Message domain is not an allowed origin of this project');
  return uri.origin;
}

/** Now is within the message's times. */
function checkTimes(parts: SignInParts, ctx: SignInContext): void {
  const now = ctx.now.getTime();
  if (parts.issuedAt.getTime() > now + ISSUED_AT_SKEW_S * 1000) throw new HttpError(400, 'Message issuedAt is in the future');
  if (parts.expirationTime && parts.expirationTime.getTime() <= now) throw new HttpError(401, MESSAGE_EXPIRED);
  if (parts.notBefore && parts.notBefore.getTime() > now) throw new HttpError(401, 'Message is not valid yet (notBefore)');
}

/**
 * Parses the sign-in text (EIP-4361, or the Solana/Bitcoin form when its first line says so) and
 * checks everything but the nonce and the signature, the chain it names included (configured, or a
 * bitcoin network sign-in knows). Returns its fields and the page's origin. Errors: 400 malformed,
 * 403 domain/origin, 401 expired.
 */
export function checkSignInMessage(text: string, ctx: SignInContext): { message: CheckedSignIn; origin: string } {
  return isSiwsText(text) ? checkSiwsMessage(text, ctx) : checkSiweMessage(text, ctx);
}

/** An RFC 3339 time of a Sign-In With Solana message, or a 400 naming the field. */
function siwsDate(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new HttpError(400, `message: ${field} is not an RFC 3339 date-time`);
  return date;
}

function checkSiwsMessage(text: string, ctx: SignInContext): { message: CheckedSignIn; origin: string } {
  const parsed = parseSiws(text);
  if (typeof parsed === 'string') throw new HttpError(400, `message: ${parsed}`);
  if (parsed.version !== '1') throw new HttpError(400, 'message: version must be 1');
  const bitcoin = parsed.account === 'Bitcoin';
  if (!bitcoin && !isSolanaAccount(parsed.address)) throw new HttpError(400, 'message: address is not a Solana address (base58, 32 bytes)');
  const issuedAt = siwsDate(parsed.issuedAt, 'issuedAt')!;
  const expirationTime = siwsDate(parsed.expirationTime, 'expirationTime');
  const notBefore = siwsDate(parsed.notBefore, 'notBefore');
  const parts = { domain: parsed.domain, uri: parsed.uri, issuedAt, expirationTime, notBefore };
  const origin = checkSite(parts, ctx);
  // Bitcoin needs no node to check a signature: sign-in knows its networks (bip322.ts) without a chain config.
  const hrp = bitcoin ? bitcoinHrp(parsed.chainId) : undefined;
  if (bitcoin ? !hrp : !parsed.chainId.startsWith('solana:') || !ctx.chains.getSolana(parsed.chainId)) {
    throw new HttpError(400, `message: chain ${parsed.chainId} is not supported`);
  }
  if (hrp) {
    const decoded = decodeSegwitAddress(parsed.address, hrp);
    if (!decoded) throw new HttpError(400, `message: address is not a bitcoin address of ${parsed.chainId}`);
    if (decoded.version !== 0 || decoded.program.length !== 20) throw new HttpError(400, `message: ${UNSUPPORTED_BITCOIN_ADDRESS}`);
  }
  checkTimes(parts, ctx);
  const message: CheckedSignIn = { chainId: parsed.chainId, address: parsed.address, domain: parsed.domain, uri: parsed.uri, nonce: parsed.nonce, issuedAt };
  if (expirationTime) message.expirationTime = expirationTime;
  return { message, origin };
}

function checkSiweMessage(text: string, ctx: SignInContext): { message: CheckedSignIn; origin: string } {
  const parsed = parseSiweMessage(text);
  for (const field of REQUIRED_FIELDS) {
    if (parsed[field] === undefined) throw new HttpError(400, `message: not an EIP-4361 message (no ${field})`);
  }
  if (parsed.version !== '1') throw new HttpError(400, 'message: version must be 1');
  validDate(parsed.issuedAt, 'issuedAt');
  validDate(parsed.expirationTime, 'expirationTime');
  validDate(parsed.notBefore, 'notBefore');
  const siwe = { ...parsed, address: getAddress(parsed.address!) } as CheckedSiweMessage;
  const origin = checkSite(siwe, ctx);
  const chainId = `eip155:${siwe.chainId}`;
  if (!ctx.chains.get(chainId)) throw new HttpError(400, `message: chain ${chainId} is not supported`);
  checkTimes(siwe, ctx);
  const message: CheckedSignIn = { chainId, address: siwe.address, domain: siwe.domain, uri: siwe.uri, nonce: siwe.nonce, issuedAt: siwe.issuedAt };
  if (siwe.expirationTime) message.expirationTime = siwe.expirationTime;
  return { message, origin };
}
