/**
 * The default SIWX implementation: EIP-4361 messages with a random nonce, verified in the browser
 * (contract accounts too, through the chain's node: ERC-1271, or ERC-6492 before deployment), or
 * Sign-In With Solana ones (ed25519 by the address, WebCrypto through @solana/kit), and kept in the
 * page's storage per CAIP-10 account. A site's back end cannot trust these sessions
 * (the browser made them); `createServerSiwx` is the one for that.
 */
import { verifyMessage, type Client, type Hex } from 'viem';
import { getCode } from 'viem/actions';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe';
import * as z from 'zod/mini';
import type { CaipNetworkId } from '../caip';
import { STORAGE_PREFIX } from '../constants';
import { recordOf, type KeyValueStorage } from '../storage';
import { SiwxVerificationError } from './errors';
import { coversAccount, createSiwxMessenger, messageData, parseSiwxMessage, sessionExpired, siwxSite, type SiwxMessengerOptions } from './message';
import type { SIWXConfig, SIWXMessage, SIWXSession } from './types';

/** Where the sessions live: `{ [CAIP-10 account]: SIWXSession[] }` (spec section 3, sign-in tokens). */
export const SIWX_SESSIONS_KEY = `${STORAGE_PREFIX}siwx_sessions`;

const sessionSchema = z.object({
  data: z.object({
    accountAddress: z.string(),
    chainId: z.string(),
    domain: z.string(),
    uri: z.string(),
    version: z.string(),
    nonce: z.string(),
    statement: z.optional(z.string()),
    resources: z.optional(z.array(z.string())),
    requestId: z.optional(z.string()),
    issuedAt: z.optional(z.string()),
    expirationTime: z.optional(z.string()),
    notBefore: z.optional(z.string()),
  }),
  message: z.string(),
  signature: z.string(),
});
/** Verification could not run (the chain's node did not answer): not a refusal. */
const SIGNATURE_UNCHECKED = 'The signature could not be checked';

const storedSessionsSchema = recordOf(z.array(sessionSchema));
type StoredSessions = Record<string, SIWXSession[]>;

/** The CAIP-10 key of an account: eip155 addresses in lower case (wallets report either case). */
const accountKey = (chainId: string, address: string) => `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`;

export interface DefaultSiwxOptions extends Omit<SiwxMessengerOptions, 'getNonce'> {
  /** The page's storage (`localStorage`; the core's `environment.storage`). */
  storage: KeyValueStorage;
  /**
   * A viem client for the chain, to verify contract accounts (ERC-1271 / ERC-6492). Without one, only
   * signatures of plain accounts (EOAs) verify.
   */
  getPublicClient?(chainId: CaipNetworkId): Client | undefined | Promise<Client | undefined>;
  /** Sign-in required: Cancel disconnects (default false). */
  required?: boolean;
  /** Default true. */
  signOutOnDisconnect?: boolean;
}

/**
 * @example
 * const siwx = createDefaultSiwx({ storage: localStorage, statement: 'Sign in to Example' });
 * const message = await siwx.createMessage({ chainId: 'eip155:1', accountAddress });
 * await siwx.addSession({ data: message, message: message.toString(), signature: await wallet.sign(message.toString()) });
 */
export function createDefaultSiwx(options: DefaultSiwxOptions): SIWXConfig {
  const now = options.now ?? Date.now;
  const createMessage = createSiwxMessenger({ ...options, getNonce: async () => generateSiweNonce() });
  const { domain } = siwxSite(options);

  function read(): StoredSessions {
    try {
      const raw = options.storage.getItem(SIWX_SESSIONS_KEY);
      const parsed = raw === null ? undefined : storedSessionsSchema.safeParse(JSON.parse(raw));
      return parsed?.success ? (parsed.data as StoredSessions) : {};
    } catch {
      return {};
    }
  }
  function write(sessions: StoredSessions) {
    try {
      options.storage.setItem(SIWX_SESSIONS_KEY, JSON.stringify(sessions));
    } catch {
      // Storage full or blocked: the session lasts until the page reloads.
    }
  }

  /** The Sign-In With Solana checks: now within its times, and an ed25519 signature (base58) by its address. */
  async function verifySolana(session: SIWXSession, data: SIWXMessage.Data, time: number): Promise<void> {
    if (sessionExpired({ data }, time)) throw new SiwxVerificationError('Message expired');
    if (data.notBefore && Date.parse(data.notBefore) > time) throw new SiwxVerificationError('Message is not valid (nonce, version or notBefore)');
    const { address, getBase58Encoder, getPublicKeyFromAddress, verifySignature } = await import('@solana/kit');
    const valid = await (async () => {
      const key = await getPublicKeyFromAddress(address(data.accountAddress));
      const signature = getBase58Encoder().encode(session.signature);
      return signature.length === 64 && verifySignature(key, signature as Parameters<typeof verifySignature>[1], new TextEncoder().encode(session.message));
    })().catch(() => false);
    if (!valid) throw new SiwxVerificationError('Invalid signature');
  }

  /** Throws SiwxVerificationError unless the text is an unexpired sign-in message for this app, signed by its account. */
  async function verify(session: SIWXSession): Promise<SIWXSession> {
    const data = parseSiwxMessage(session.message);
    if (!data) throw new SiwxVerificationError('Not an EIP-4361 message');
    if (!coversAccount(data, session.data.chainId, session.data.accountAddress)) {
      throw new SiwxVerificationError('The message is for another account or chain');
    }
    if (domain && data.domain !== domain) throw new SiwxVerificationError('Message domain does not match this site');
    // BIP-322 needs a transaction digest and secp256k1 in the browser: the API's sign-in verifies it instead.
    if (data.chainId.startsWith('bip122:')) throw new SiwxVerificationError('Bitcoin sign-in is verified by the server (createServerSiwx)');
    if (data.chainId.startsWith('solana:')) {
      await verifySolana(session, data, now());
      return { ...session, data };
    }
    const time = new Date(now());
    if (!validateSiweMessage({ message: parseSiweMessage(session.message), domain, time })) {
      throw new SiwxVerificationError(sessionExpired({ data }, time.getTime()) ? 'Message expired' : 'Message is not valid (nonce, version or notBefore)');
    }
    const signature = session.signature as Hex;
    const address = data.accountAddress as Hex;
    const client = await options.getPublicClient?.(data.chainId as CaipNetworkId);
    const unchecked = (error: unknown): never => {
      throw new SiwxVerificationError(SIGNATURE_UNCHECKED, error);
    };
    // viem answers "invalid" when the node cannot be reached; asking for the account's code first tells the two apart.
    if (client) await getCode(client, { address }).catch(unchecked);
    const valid = client
      ? await verifySiweMessage(client, { message: session.message, signature, domain, time }).catch(unchecked)
      : await verifyMessage({ address, message: session.message, signature }).catch(() => false);
    if (!valid) throw new SiwxVerificationError('Invalid signature');
    // The signed text is the truth: data the caller passed along cannot disagree with it.
    return { ...session, data };
  }

  /** The sessions that verify now, and those to keep in storage: these plus any whose check could not run. */
  async function sortOut(sessions: SIWXSession[]): Promise<{ valid: SIWXSession[]; kept: SIWXSession[] }> {
    const results = await Promise.all(
      sessions.map((session) =>
        verify(session).then(
          (verified) => ({ session: verified, valid: true, keep: true }),
          (error: unknown) => ({ session, valid: false, keep: (error as { shortMessage?: string }).shortMessage === SIGNATURE_UNCHECKED }),
        ),
      ),
    );
    return { valid: results.filter((r) => r.valid).map((r) => r.session), kept: results.filter((r) => r.keep).map((r) => r.session) };
  }

  return {
    createMessage,
    async addSession(session) {
      const verified = await verify({ ...session, data: messageData(session.data) });
      const stored = read();
      const key = accountKey(verified.data.chainId, verified.data.accountAddress);
      const current = stored[key] ?? [];
      stored[key] = [...current.filter((kept) => !sessionExpired(kept, now())), verified];
      write(stored);
    },
    async revokeSession(chainId, address) {
      const stored = read();
      delete stored[accountKey(chainId, address)];
      write(stored);
    },
    async setSessions(sessions) {
      const verified = await Promise.all(sessions.map((session) => verify({ ...session, data: messageData(session.data) })));
      const stored: StoredSessions = {};
      for (const session of verified) (stored[accountKey(session.data.chainId, session.data.accountAddress)] ??= []).push(session);
      write(stored);
    },
    async getSessions(chainId, address) {
      const stored = read();
      const key = accountKey(chainId, address);
      const held = stored[key] ?? [];
      const { valid, kept } = await sortOut(held);
      // Expired (or tampered) sessions leave the storage, so the next check asks again at once; a
      // session whose check could not run (node down) stays for the next read.
      if (kept.length !== held.length) {
        if (kept.length) stored[key] = kept;
        else delete stored[key];
        write(stored);
      }
      return valid.filter((session) => coversAccount(session.data, chainId, address));
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  };
}
