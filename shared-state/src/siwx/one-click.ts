/**
 * WalletConnect one-click auth (spec sections 5, 7; docs/walletconnect-one-click-auth.md): the
 * wallet connects and signs the sign-in message in one approval (wc_sessionAuthenticate). This is
 * the pure part: the host's message → the authenticate request, and the wallet's signed CACAO →
 * a SIWX session. Loaded only with the WalletConnect client (walletconnect/universal.ts).
 */
import * as z from 'zod/mini';
import type { CaipNetworkId } from '../caip';
import type { Cacao, SIWXMessage, SIWXSession } from './types';

/**
 * The account the message is created for before any wallet answered (AppKit does the same):
 * the wallet fills in its own address when it signs. A valid address, as the messenger formats
 * the message text eagerly.
 */
export const ONE_CLICK_PLACEHOLDER_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Spec section 7: one-click auth only when every requested chain is eip155 (one namespace). */
export function oneClickChains(networks: readonly { caipNetworkId: CaipNetworkId }[]): CaipNetworkId[] | undefined {
  const chains = networks.map((network) => network.caipNetworkId);
  return chains.length > 0 && chains.every((chain) => chain.startsWith('eip155:')) ? chains : undefined;
}

/** What `UniversalProvider.authenticate` takes besides the session namespaces (AuthTypes.SessionAuthenticateParams). */
export interface OneClickRequest {
  chains: CaipNetworkId[];
  /** The chain the message was created for (the first requested one). */
  chainId: CaipNetworkId;
  methods: string[];
  domain: string;
  uri: string;
  nonce: string;
  version: string;
  statement?: string;
  iat?: string;
  exp?: string;
  nbf?: string;
  requestId?: string;
  resources?: string[];
}

/** The host's sign-in message as an authenticate request for these chains and methods. */
export function oneClickRequest(message: SIWXMessage.Data, chains: CaipNetworkId[], methods: readonly string[]): OneClickRequest {
  return withDefined(
    { chains, chainId: message.chainId, methods: [...methods], domain: message.domain, uri: message.uri, nonce: message.nonce, version: message.version },
    {
      statement: message.statement,
      iat: message.issuedAt,
      exp: message.expirationTime,
      nbf: message.notBefore,
      requestId: message.requestId,
      resources: message.resources,
    },
  );
}

/** `base` plus the optional fields that are set (a JSON round trip or the SDK must not meet `undefined` keys). */
function withDefined<Base extends object, Optional extends object>(base: Base, optional: Optional): Base & Partial<Optional> {
  const out: Base & Partial<Optional> = { ...base };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(out, { [key]: value });
  return out;
}

/** `did:pkh:eip155:1:0xAbc…` (a CACAO's `iss`): the chain and the address that signed. */
const didPkh = z.string().check(z.regex(/^did:pkh:[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'must be a did:pkh'));
const optionalText = z.optional(z.string());
/** A CACAO as the wallet sent it (the SDK checked eip191 signatures; the server checks again). */
const cacaoSchema = z.object({
  h: z.object({ t: z.enum(['caip122']) }),
  p: z.object({
    domain: z.string(),
    aud: z.string(),
    nonce: z.string(),
    iss: didPkh,
    version: optionalText,
    iat: optionalText,
    nbf: optionalText,
    exp: optionalText,
    statement: optionalText,
    requestId: optionalText,
    resources: z.optional(z.array(z.string())),
    type: optionalText,
  }),
  s: z.object({ t: z.enum(['eip191', 'eip1271']), s: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'must be hex')), m: optionalText }),
});

/** The signer of a CACAO: its chain (CAIP-2) and address, from the `iss` DID. */
export function cacaoSigner(cacao: Pick<Cacao, 'p'>): { chainId: CaipNetworkId; accountAddress: string } {
  const [, , namespace, reference, address] = cacao.p.iss.split(':');
  return { chainId: `${namespace}:${reference}`, accountAddress: address! };
}

/**
 * The CACAO to sign in with: the one for the session's chain, else the first. Only one is posted,
 * as they all share one nonce (the server takes a nonce once). Answers that are not CACAOs are
 * left out; undefined when none is left.
 */
export function pickCacao(auths: readonly unknown[] | undefined, chainId: CaipNetworkId): Cacao | undefined {
  const cacaos = (auths ?? []).flatMap((auth) => {
    const parsed = cacaoSchema.safeParse(auth);
    return parsed.success ? [parsed.data as Cacao] : [];
  });
  return cacaos.find((cacao) => cacaoSigner(cacao).chainId === chainId) ?? cacaos[0];
}

/**
 * Formats a CACAO payload as the text the wallet signed (`formatMessage` of @walletconnect/utils,
 * reached through the SignClient's `formatAuthMessage`): EIP-4361 with the ReCap sentence added
 * to the statement.
 */
export type CacaoFormatter = (payload: Cacao['p'], iss: string) => string;

/** The signed CACAO as a SIWX session: the exact signed text, its signature, its data, and the CACAO itself. */
export function cacaoSession(cacao: Cacao, formatMessage: CacaoFormatter): SIWXSession {
  const { p } = cacao;
  const data: SIWXMessage.Data = withDefined(
    { ...cacaoSigner(cacao), domain: p.domain, uri: p.aud, version: p.version ?? '1', nonce: p.nonce },
    { statement: p.statement, issuedAt: p.iat, expirationTime: p.exp, notBefore: p.nbf, requestId: p.requestId, resources: p.resources },
  );
  return { data, message: formatMessage(p, p.iss), signature: cacao.s.s, cacao };
}
