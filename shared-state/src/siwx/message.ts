/**
 * Sign-in messages for SIWX sessions (spec sections 3, 8): EIP-4361 on eip155, with viem's `siwe`
 * helpers; Sign-In With Solana and its Bitcoin twin on solana and bip122 (siws.ts). Other
 * namespaces are refused with a clear error.
 */
import { getAddress, isAddressEqual, type Address } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { parseCaipNetworkId, type CaipNetworkId } from '../caip';
import { PorticoError } from '../errors';
import { formatSignInText, parseSignInText, signInTextNamespace } from './siws';
import type { SIWXMessage, SIWXSession } from './types';

/** How long a session lasts when the messenger is not told (the API's default too). */
export const DEFAULT_SIWX_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** What the wallet shows above the fields when the host gives no statement of its own. */
export const DEFAULT_SIWX_STATEMENT = 'Please sign with your account';

/** The EIP-155 chain id of a CAIP-2 id; throws for another namespace (no message format for it yet). */
export function eip155ChainId(chainId: CaipNetworkId): number {
  const { namespace, reference } = parseCaipNetworkId(chainId);
  if (namespace !== 'eip155') throw new PorticoError(`Sign-in is not supported on ${namespace} yet`, { details: chainId });
  return Number(reference);
}

/** Throws unless the chain's namespace has a sign-in message (eip155, solana, bip122). */
export function assertSignInChain(chainId: CaipNetworkId): void {
  if (!signInTextNamespace(chainId)) eip155ChainId(chainId);
}

const date = (timestamp: string | undefined) => (timestamp === undefined ? undefined : new Date(timestamp));

/** The sign-in text of the data (EIP-4361, or Sign-In With Solana's shape): exactly what the wallet signs. */
export function formatSiwxMessage(data: SIWXMessage.Data): string {
  const namespace = signInTextNamespace(data.chainId);
  if (namespace) return formatSignInText(data, namespace);
  const chainId = eip155ChainId(data.chainId);
  return createSiweMessage({
    address: getAddress(data.accountAddress),
    chainId,
    domain: data.domain,
    uri: data.uri,
    version: data.version as '1',
    nonce: data.nonce,
    statement: data.statement,
    resources: data.resources,
    requestId: data.requestId,
    issuedAt: date(data.issuedAt),
    expirationTime: date(data.expirationTime),
    notBefore: date(data.notBefore),
  });
}

/** The data with `toString()`, what `SIWXConfig.createMessage` answers. */
export function siwxMessage(data: SIWXMessage.Data): SIWXMessage {
  const text = formatSiwxMessage(data);
  return { ...data, toString: () => text };
}

/** The message's fields without `toString()` (sessions are stored as JSON). */
export function messageData(message: SIWXMessage.Data): SIWXMessage.Data {
  const { toString: _text, ...data } = message as SIWXMessage;
  return data;
}

/**
 * A sign-in text (EIP-4361, or Sign-In With Solana's shape) back to its data (chain id as CAIP-2,
 * times as ISO strings); undefined when it is not one (a required field is missing).
 */
export function parseSiwxMessage(text: string): SIWXMessage.Data | undefined {
  const signIn = parseSignInText(text);
  if (signIn) return signIn.data;
  const parsed = parseSiweMessage(text);
  const { address, chainId, domain, uri, version, nonce } = parsed;
  if (!address || !chainId || !domain || !uri || !version || !nonce) return undefined;
  const iso = (value: Date | undefined) => (value && !Number.isNaN(value.getTime()) ? value.toISOString() : undefined);
  const data: SIWXMessage.Data = { accountAddress: address, chainId: `eip155:${chainId}`, domain, uri, version, nonce };
  const optional = {
    statement: parsed.statement,
    resources: parsed.resources,
    requestId: parsed.requestId,
    issuedAt: iso(parsed.issuedAt),
    expirationTime: iso(parsed.expirationTime),
    notBefore: iso(parsed.notBefore),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(data, { [key]: value });
  return data;
}

/** True once the session's message has expired (a message without expirationTime does not). */
export function sessionExpired(session: Pick<SIWXSession, 'data'>, nowMs: number): boolean {
  const expiry = session.data.expirationTime;
  return expiry !== undefined && !(Date.parse(expiry) > nowMs);
}

/** Same chain, same account: eip155 addresses compare case-insensitively, others exactly. */
export function coversAccount(data: Pick<SIWXMessage.Data, 'chainId' | 'accountAddress'>, chainId: CaipNetworkId, address: string): boolean {
  if (data.chainId !== chainId) return false;
  if (!chainId.startsWith('eip155:')) return data.accountAddress === address;
  try {
    return isAddressEqual(data.accountAddress as Address, address as Address);
  } catch {
    return false;
  }
}

/** What a messenger writes into every message it creates (AppKit's `InformalMessenger` options). */
export interface SiwxMessengerOptions {
  /** The app's host (RFC 3986 authority), e.g. 'dapp.example' (default: the page's `location.host`). */
  domain?: string;
  /** The page the person signs in to, e.g. 'https://dapp.example' (default: the page's `location.origin`). */
  uri?: string;
  statement?: string;
  resources?: string[];
  /** Lifetime of a session from signing (default 24 h); 0 writes no expirationTime. */
  expiresInMs?: number;
  /** A fresh nonce for the account (the server's, or a local random one). */
  getNonce(input: SIWXMessage.Input): Promise<string>;
  now?: () => number;
}

/** The app's domain and uri as given, else from the page's location (undefined outside a page). */
export function siwxSite(options: Pick<SiwxMessengerOptions, 'domain' | 'uri'>): { domain?: string; uri?: string } {
  const uri = options.uri ?? globalThis.location?.origin;
  return { uri, domain: options.domain ?? (uri ? new URL(uri).host : undefined) };
}

/** `SIWXConfig.createMessage` over fixed app data and a nonce source. */
export function createSiwxMessenger(options: SiwxMessengerOptions): (input: SIWXMessage.Input) => Promise<SIWXMessage> {
  const now = options.now ?? Date.now;
  const { domain, uri } = siwxSite(options);
  const expiresInMs = options.expiresInMs ?? DEFAULT_SIWX_EXPIRY_MS;
  return async (input) => {
    if (!domain || !uri) throw new PorticoError('Sign-in needs the app’s domain and uri', { details: 'pass domain and uri where there is no page location' });
    assertSignInChain(input.chainId); // before asking for a nonce
    const issuedAtMs = now();
    const data: SIWXMessage.Data = {
      accountAddress: input.accountAddress,
      chainId: input.chainId,
      domain,
      uri,
      version: '1',
      nonce: await options.getNonce(input),
      statement: options.statement ?? DEFAULT_SIWX_STATEMENT,
      issuedAt: new Date(issuedAtMs).toISOString(),
    };
    if (expiresInMs > 0) data.expirationTime = new Date(issuedAtMs + expiresInMs).toISOString();
    if (input.notBefore) data.notBefore = input.notBefore;
    if (options.resources?.length) data.resources = options.resources;
    return siwxMessage(data);
  };
}
