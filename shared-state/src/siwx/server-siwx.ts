/**
 * SIWX with sessions kept by the Portico API (services/api, "Sign-in sessions"): the server issues
 * the nonce, verifies the signed message itself (contract accounts included), stores the session
 * and answers a JWT a site's own back end verifies against the API's JWKS. This browser counts a
 * session as its own only while it holds that session's JWT (kept in the page's storage, so a
 * reload keeps it); signing out forgets the JWT, and `revokeSession` ends the sessions on the
 * server with a signature by the address.
 */
import { getAddress, isAddress } from 'viem';
import * as z from 'zod/mini';
import { apiUrl, type ApiContext } from '../api/client';
import { apiReason } from '../api/error-reason';
import { HttpRequestError, requestJson } from '../api/http';
import type { CaipNetworkId } from '../caip';
import { STORAGE_PREFIX } from '../constants';
import { errorText, PorticoError } from '../errors';
import { recordOf, type KeyValueStorage } from '../storage';
import { SiwxApiError } from './errors';
import { coversAccount, createSiwxMessenger, type SiwxMessengerOptions } from './message';
import type { SIWXConfig, SIWXSession } from './types';

/** Where the JWTs live: `{ [session id]: { token, account, expiresAt } }`. */
export const SIWX_TOKENS_KEY = `${STORAGE_PREFIX}siwx_tokens`;

/** The text an address signs (EIP-191) to revoke one of its sessions (services/api `revokeMessage`). */
export const revokeMessage = (sessionId: string) => `Revoke Portico session ${sessionId}`;

const isoTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T/, 'must be an ISO time'));
// eip155: 0x hex; solana: base58; bip122: base64 (the API checks each by its namespace).
const signature = z.string().check(z.regex(/^[0-9a-zA-Z+/=]+$/, 'must be hex, base58 or base64'));
const address = z.string().check(z.regex(/^[0-9a-zA-Z]+$/, 'must be an address'));

const nonceReply = z.object({ nonce: z.string().check(z.regex(/^[a-zA-Z0-9]{8,}$/, 'must be 8+ letters or digits')), expiresAt: isoTime });
const sessionReply = z.object({
  id: z.string().check(z.minLength(1)),
  account: z.string(),
  data: z.object({
    accountAddress: address,
    chainId: z.string(),
    domain: z.string(),
    uri: z.string(),
    nonce: z.string(),
    version: z.string(),
    issuedAt: isoTime,
    expirationTime: z.optional(isoTime),
    notBefore: z.optional(isoTime),
    statement: z.optional(z.string()),
    requestId: z.optional(z.string()),
    resources: z.optional(z.array(z.string())),
  }),
  message: z.string(),
  signature,
  createdAt: isoTime,
  expiresAt: isoTime,
});
const signInReply = z.object({ session: sessionReply, token: z.string().check(z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'must be a JWT')) });
const sessionsReply = z.object({ sessions: z.array(sessionReply) });
const revokeReply = z.object({ id: z.string(), revokedAt: isoTime });
const heldTokensSchema = recordOf(z.object({ token: z.string(), account: z.string(), expiresAt: z.string() }));

/** A session the API keeps: SIWX's fields plus its id (the JWT's `jti`) and when it ends. */
export interface ServerSiwxSession extends SIWXSession {
  id: string;
  /** CAIP-10, e.g. 'eip155:1:0xAbc…'. */
  account: string;
  createdAt: string;
  expiresAt: string;
}

/** The server-backed SIWX plus the JWT a host hands its own back end. */
export interface ServerSiwx extends SIWXConfig {
  /** The newest unexpired JWT this browser holds for the account, or undefined. */
  getToken(chainId: CaipNetworkId, address: string): string | undefined;
}

export interface ServerSiwxOptions extends ApiContext, Omit<SiwxMessengerOptions, 'getNonce'> {
  /** The page's storage (the core's `environment.storage`): keeps the JWTs across reloads. */
  storage: KeyValueStorage;
  /** Signs a text with the address (eip155: personal_sign); `revokeSession` needs it. */
  signMessage?(address: string, message: string): Promise<string>;
  required?: boolean;
  /** Default true. */
  signOutOnDisconnect?: boolean;
}

/** Runs an API call; a refusal becomes a SiwxApiError with the server's own words ('Nonce expired or already used'). */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = error instanceof HttpRequestError ? error.status : undefined;
    throw new SiwxApiError(apiReason(error) ?? errorText(error), { status, cause: error });
  }
}

const toSession = (reply: z.infer<typeof sessionReply>): ServerSiwxSession => ({
  ...reply,
  data: { ...reply.data, chainId: reply.data.chainId as CaipNetworkId },
});

/**
 * @example
 * const siwx = createServerSiwx({ apiUrl, projectId, storage: localStorage, signMessage: (address, text) => wallet.sign(text) });
 * // after a sign-in, the site's back end gets siwx.getToken('eip155:1', address) and checks it against `${apiUrl}/.well-known/jwks.json`
 */
export function createServerSiwx(options: ServerSiwxOptions): ServerSiwx {
  const context: ApiContext = { apiUrl: options.apiUrl, projectId: options.projectId, fetch: options.fetch };
  const now = options.now ?? Date.now;
  type HeldTokens = z.infer<typeof heldTokensSchema>;

  function held(): HeldTokens {
    try {
      const raw = options.storage.getItem(SIWX_TOKENS_KEY);
      const parsed = raw === null ? undefined : heldTokensSchema.safeParse(JSON.parse(raw));
      return parsed?.success ? parsed.data : {};
    } catch {
      return {};
    }
  }
  function hold(tokens: HeldTokens) {
    try {
      options.storage.setItem(SIWX_TOKENS_KEY, JSON.stringify(tokens));
    } catch {
      // Storage full or blocked: the sign-in lasts until the page reloads.
    }
  }
  const live = (entry: { expiresAt: string }) => Date.parse(entry.expiresAt) > now();
  const heldFor = (chainId: CaipNetworkId, address: string) =>
    Object.entries(held()).filter(([, entry]) => live(entry) && coversAccount(accountOf(entry.account), chainId, address));

  /**
   * The address's sessions on the chain. The API lists them only to one of the address's sign-in tokens
   * (`Bearer`) or to a fresh signature of its list text (`Portico-Signature`), so strangers cannot.
   */
  async function listSessions(chainId: CaipNetworkId, address: string, authorization: string): Promise<ServerSiwxSession[]> {
    const reply = await call(() =>
      requestJson({
        url: apiUrl(context, `v1/sessions/${encodeURIComponent(address)}`, { chainId }),
        schema: sessionsReply,
        headers: { authorization },
        fetch: context.fetch,
      }),
    );
    return reply.sessions.map(toSession).filter((session) => live(session) && coversAccount(session.data, chainId, address));
  }

  async function nonce(): Promise<string> {
    const reply = await call(() => requestJson({ url: apiUrl(context, 'v1/sessions/nonce'), method: 'POST', schema: nonceReply, fetch: context.fetch }));
    return reply.nonce;
  }

  /** A held sign-in token's Bearer, else a fresh signature of the API's list text (services/api `listSessionsMessage`). */
  async function listAuthorization(chainId: CaipNetworkId, address: string, signMessage: NonNullable<ServerSiwxOptions['signMessage']>): Promise<string> {
    const token = heldFor(chainId, address)[0]?.[1].token;
    if (token) return `Bearer ${token}`;
    const fresh = await nonce();
    const signature = await signMessage(address, `List Portico sessions of ${isAddress(address) ? getAddress(address) : address}\nNonce: ${fresh}`);
    return `Portico-Signature nonce=${fresh}, signature=${signature}`;
  }

  async function addSession(session: SIWXSession) {
    const reply = await call(() =>
      requestJson({
        url: apiUrl(context, 'v1/sessions'),
        method: 'POST',
        body: { message: session.message, signature: session.signature },
        schema: signInReply,
        fetch: context.fetch,
      }),
    );
    const tokens = Object.fromEntries(Object.entries(held()).filter(([, entry]) => live(entry)));
    tokens[reply.session.id] = { token: reply.token, account: reply.session.account, expiresAt: reply.session.expiresAt };
    hold(tokens);
  }

  return {
    createMessage: createSiwxMessenger({
      ...options,
      getNonce: nonce,
    }),
    addSession,
    async getSessions(chainId, address) {
      const mine = heldFor(chainId, address);
      if (mine.length === 0) return [];
      const sessions = (await listSessions(chainId, address, `Bearer ${mine[0]![1].token}`)).filter((session) => mine.some(([id]) => id === session.id));
      // A JWT whose session the server no longer lists (revoked, expired) is of no use: forget it.
      const gone = mine.filter(([id]) => !sessions.some((session) => session.id === id));
      if (gone.length) {
        const tokens = held();
        for (const [id] of gone) delete tokens[id];
        hold(tokens);
      }
      return sessions;
    },
    async revokeSession(chainId, address) {
      const signMessage = options.signMessage;
      if (!signMessage) throw new PorticoError('Revoking a session needs a wallet signature', { details: 'createServerSiwx({ signMessage }) was not given' });
      for (const session of await listSessions(chainId, address, await listAuthorization(chainId, address, signMessage))) {
        const signature = await signMessage(address, revokeMessage(session.id));
        await call(() =>
          requestJson({
            url: apiUrl(context, `v1/sessions/${encodeURIComponent(address)}/revoke`),
            method: 'POST',
            body: { pci: session.id, signature },
            schema: revokeReply,
            fetch: context.fetch,
            // Revoking twice is harmless (the API answers the same): a lost reply may be asked again.
            idempotent: true,
          }),
        );
      }
      const tokens = held();
      for (const [id] of heldFor(chainId, address)) delete tokens[id];
      hold(tokens);
    },
    async setSessions(sessions) {
      // Signing out forgets every JWT; new sessions (one-click auth) are each signed in on the server.
      hold({});
      for (const session of sessions) await addSession(session);
    },
    getToken(chainId, address) {
      return heldFor(chainId, address).sort(([, a], [, b]) => Date.parse(b.expiresAt) - Date.parse(a.expiresAt))[0]?.[1].token;
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  };
}

/** The chain and address of a CAIP-10 account ('eip155:1:0xAbc…'). */
function accountOf(account: string) {
  const cut = account.lastIndexOf(':');
  return { chainId: account.slice(0, cut) as CaipNetworkId, accountAddress: account.slice(cut + 1) };
}
