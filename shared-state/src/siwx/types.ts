/**
 * Sign in with the wallet (SIWX), AppKit's plugin shape (issue 10; spec sections 3, 4, 5). A host
 * passes any object of this shape as the `siwx` option; Portico ships two: `createDefaultSiwx`
 * (sessions in the browser's storage) and `createServerSiwx` (sessions kept by the Portico API).
 */
import type { CaipNetworkId } from '../caip';

/**
 * Creates messages and keeps sessions. Every method may be called at any time after connecting;
 * Portico never calls two of them for one account at once.
 */
export interface SIWXConfig {
  /** A new message for the account to sign; it MUST be unique (a fresh nonce). `toString()` is the text signed. */
  createMessage(input: SIWXMessage.Input): Promise<SIWXMessage>;
  /** Verifies the signed message and keeps the session; throws when it is not valid. */
  addSession(session: SIWXSession): Promise<void>;
  /** Ends every session of the address on that chain. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>;
  /** Replaces every kept session by these (each verified first); `[]` signs out. */
  setSessions(sessions: SIWXSession[]): Promise<void>;
  /** The valid sessions of the address on that chain: verified, never expired ones. */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>;
  /** True: the wallet stays connected only with a session (Cancel disconnects, the sign view cannot be closed). */
  getRequired?(): boolean;
  /** Clear the sessions when the wallet disconnects (default true). */
  signOutOnDisconnect?: boolean;
}

/** A signed-in account (spec section 3): the message's data, its text and signature, and a CACAO for one-click auth. */
export interface SIWXSession {
  data: SIWXMessage.Data;
  message: string;
  signature: string;
  cacao?: Cacao;
}

/** A message ready to sign: its data and `toString()`, the exact text the wallet signs. */
export interface SIWXMessage extends SIWXMessage.Data {
  toString(): string;
}

/** AppKit's names for the parts of a message (types only). */
export declare namespace SIWXMessage {
  /** What differs per account. */
  interface Input {
    accountAddress: string;
    chainId: CaipNetworkId;
    notBefore?: Timestamp;
  }
  /** What the app says about itself. */
  interface Metadata {
    domain: string;
    uri: string;
    version: string;
    nonce: string;
    statement?: string;
    resources?: string[];
  }
  /** Which request and when. */
  interface Identifier {
    requestId?: string;
    issuedAt?: Timestamp;
    expirationTime?: Timestamp;
  }
  /** Spec section 3, sign-in message data. */
  interface Data extends Input, Metadata, Identifier {}
  /** ISO 8601 UTC time, e.g. '2026-11-24T09:00:00.000Z'. */
  type Timestamp = string;
}

/** CAIP-74 capability object: what a WalletConnect one-click authentication answers. */
export interface Cacao {
  h: { t: 'caip122' };
  p: {
    domain: string;
    aud: string;
    nonce: string;
    iss: string;
    version?: string;
    iat?: string;
    nbf?: string;
    exp?: string;
    statement?: string;
    requestId?: string;
    resources?: string[];
    type?: string;
  };
  s: { t: 'eip191' | 'eip1271'; s: string; m?: string };
}
