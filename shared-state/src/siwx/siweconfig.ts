/**
 * The legacy `siweConfig` host option (AppKit's `@reown/appkit-siwe` shape) mapped onto SIWX, so a
 * site that signs in through its own back end keeps working unchanged. Setting both is an error
 * (spec section 5).
 */
import type { CaipNetworkId } from '../caip';
import { SiwxConfigConflictError, SiwxVerificationError } from './errors';
import { coversAccount, eip155ChainId } from './message';
import type { Cacao, SIWXConfig, SIWXMessage, SIWXSession } from './types';

export interface SIWESession {
  address: string;
  chainId: number;
}

/** What `createMessage` receives; `address` is the DID `did:pkh:eip155:<chainId>:<address>`, as AppKit passes it. */
export interface SIWECreateMessageArgs {
  chainId: number;
  domain: string;
  nonce: string;
  uri: string;
  address: string;
  version: '1';
  type?: 'caip122';
  nbf?: string;
  exp?: string;
  statement?: string;
  requestId?: string;
  resources?: string[];
  /** Lifetime in seconds, when the host prefers it to `exp`. */
  expiry?: number;
  iat?: string;
}

export type SIWEMessageArgs = { chains?: number[]; methods?: string[] } & Omit<SIWECreateMessageArgs, 'address' | 'chainId' | 'nonce' | 'version'>;

export interface SIWEVerifyMessageArgs {
  message: string;
  signature: string;
  cacao?: Cacao;
}

export interface SIWEConfig {
  getMessageParams?(): Promise<SIWEMessageArgs>;
  createMessage(args: SIWECreateMessageArgs): string;
  getNonce(address?: string): Promise<string>;
  getSession(): Promise<SIWESession | null>;
  verifyMessage(args: SIWEVerifyMessageArgs): Promise<boolean>;
  signOut(): Promise<boolean>;
  onSignIn?(session?: SIWESession): void;
  onSignOut?(): void;
  /** Default true. */
  enabled?: boolean;
  required?: boolean;
  /** Default true. */
  signOutOnDisconnect?: boolean;
}

/**
 * The SIWX the host asked for: `siwx` as given, or `siweConfig` mapped onto it, or none.
 * @throws SiwxConfigConflictError when both are set.
 * @example const siwx = resolveSiwxOption(options); // options.siwx ?? mapSiweConfig(options.siweConfig)
 */
export function resolveSiwxOption(options: { siwx?: SIWXConfig; siweConfig?: SIWEConfig }): SIWXConfig | undefined {
  if (options.siwx && options.siweConfig) throw new SiwxConfigConflictError();
  return options.siwx ?? (options.siweConfig ? mapSiweConfig(options.siweConfig) : undefined);
}

/**
 * A SIWX over the host's SIWE callbacks: nonces and message text from them, `verifyMessage` on
 * sign-in, `getSession` for the current account, `signOut` to end it. Undefined when `enabled: false`.
 */
export function mapSiweConfig(siwe: SIWEConfig, now: () => number = Date.now): SIWXConfig | undefined {
  if (siwe.enabled === false) return undefined;

  async function signIn(session: SIWXSession) {
    if (!(await siwe.verifyMessage({ message: session.message, signature: session.signature, cacao: session.cacao }))) {
      throw new SiwxVerificationError('Invalid signature');
    }
    siwe.onSignIn?.({ address: session.data.accountAddress, chainId: eip155ChainId(session.data.chainId) });
  }
  async function signOut() {
    if (!(await siwe.signOut())) throw new SiwxVerificationError('Failed to sign out');
    siwe.onSignOut?.();
  }

  return {
    async createMessage(input) {
      const chainId = eip155ChainId(input.chainId);
      const [params, nonce] = await Promise.all([siwe.getMessageParams?.(), siwe.getNonce(input.accountAddress)]);
      const issuedAt = params?.iat ?? new Date(now()).toISOString();
      const exp = params?.exp ?? (params?.expiry ? new Date(Date.parse(issuedAt) + params.expiry * 1000).toISOString() : undefined);
      const uri = params?.uri ?? globalThis.location?.origin ?? '';
      const data: SIWXMessage.Data = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: params?.domain ?? (uri ? new URL(uri).host : ''),
        uri,
        version: '1',
        nonce,
        issuedAt,
        ...(params?.statement !== undefined && { statement: params.statement }),
        ...(params?.resources && { resources: params.resources }),
        ...(params?.requestId && { requestId: params.requestId }),
        ...(exp && { expirationTime: exp }),
        ...((input.notBefore ?? params?.nbf) && { notBefore: input.notBefore ?? params?.nbf }),
      };
      // The host's own text, as the wallet will show it.
      const text = siwe.createMessage({
        chainId,
        domain: data.domain,
        nonce,
        uri,
        address: `did:pkh:${input.chainId}:${input.accountAddress}`,
        version: '1',
        iat: issuedAt,
        ...(data.statement !== undefined && { statement: data.statement }),
        ...(data.resources && { resources: data.resources }),
        ...(data.requestId && { requestId: data.requestId }),
        ...(exp && { exp }),
        ...(data.notBefore && { nbf: data.notBefore }),
      });
      return { ...data, toString: () => text };
    },
    addSession: signIn,
    async setSessions(sessions) {
      if (sessions.length === 0) return signOut();
      for (const session of sessions) await signIn(session);
    },
    async getSessions(chainId: CaipNetworkId, address: string) {
      const session = await siwe.getSession().catch(() => null);
      if (!session || !coversAccount({ chainId: `eip155:${session.chainId}`, accountAddress: session.address }, chainId, address)) return [];
      // The host's back end holds the signed message; Portico only learns who is signed in.
      return [{ data: { accountAddress: session.address, chainId, domain: '', uri: '', version: '1', nonce: '' }, message: '', signature: '' }];
    },
    revokeSession: async () => signOut(),
    getRequired: () => siwe.required ?? false,
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true,
  };
}
