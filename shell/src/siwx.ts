/**
 * Sign in with the wallet, for hosts: the two SIWX implementations Portico ships, to pass as the
 * `siwx` option. React hosts load this module as `portico_shell/siwx`; plain pages find it on
 * `window.Portico`. Each factory returns at once; the sign-in code (messages, verification, the API
 * client) loads on the first call, so a page that never connects a wallet never fetches it.
 */
import { lazyAsync, loadSiwx, toCaipNetwork, type CaipNetworkId, type NetworkInput, type SIWXConfig } from '@portico/shared-state';
import { coreOf, getCurrentInstance } from './current-instance';

/** What both factories take. */
export interface SiwxFactoryOptions {
  /** The wallet stays connected only once signed in: Cancel disconnects, the modal cannot be closed before. */
  required?: boolean;
  /** Clear the sessions when the wallet disconnects (default true). */
  signOutOnDisconnect?: boolean;
  /** The sentence above the message's fields (default: 'Please sign with your account'). */
  statement?: string;
  /** Session lifetime in milliseconds from signing (default 24 h). */
  expiresInMs?: number;
}

/** The server-backed SIWX: `getToken` resolves the JWT a site's back end checks against `{apiUrl}/.well-known/jwks.json`. */
export interface PorticoServerSiwx extends SIWXConfig {
  getToken(chainId: CaipNetworkId, address: string): Promise<string | undefined>;
}

const SIWX_METHODS = ['createMessage', 'addSession', 'revokeSession', 'setSessions', 'getSessions'] as const;

/**
 * Signs with the wallet connected to the Portico made last, in the address's namespace (personal_sign, ed25519 or
 * BIP-322 as its adapter signs): listing sessions without their token and revoking one need the address's signature.
 */
async function signWithConnectedWallet(address: string, message: string): Promise<string> {
  const core = coreOf(getCurrentInstance());
  if (!core) throw new Error('No ConnectionController client found');
  return core.connection.signMessage(address, message);
}

/**
 * Sessions kept by the Portico API (`services/api`): it issues the nonce, verifies the signature
 * (contract accounts too), keeps the session and hands back a JWT. JWTs stay in localStorage.
 *
 * @example
 * const { createServerSiwx } = await loadRemote('portico_shell/siwx');
 * const siwx = createServerSiwx({ apiUrl: 'https://api.example', projectId: 'my-project', required: true });
 * createPortico({ ...options, siwx });
 * const jwt = await siwx.getToken('eip155:1', address); // send it to your back end
 */
export function createServerSiwx(options: SiwxFactoryOptions & { apiUrl: string; projectId: string }): PorticoServerSiwx {
  const load = () =>
    loadSiwx().then(({ createServerSiwx: create }) =>
      create({ ...options, storage: localStorage, signMessage: signWithConnectedWallet }),
    );
  const methods = lazyAsync(async () => {
    const siwx = await load();
    return { ...pick(siwx), getToken: async (chainId: CaipNetworkId, address: string) => siwx.getToken(chainId, address) };
  }, [...SIWX_METHODS, 'getToken']);
  return { ...methods, getRequired: () => options.required ?? false, signOutOnDisconnect: options.signOutOnDisconnect };
}

/**
 * Sessions kept in this browser's localStorage, verified here: for sites without a back end that
 * must trust the sign-in. Pass `networks` to verify contract accounts (ERC-1271 / ERC-6492) through their RPC.
 *
 * @example
 * createPortico({ ...options, siwx: createDefaultSiwx({ networks: options.networks }) });
 */
export function createDefaultSiwx(options: SiwxFactoryOptions & { networks?: readonly NetworkInput[] } = {}): SIWXConfig {
  const networks = options.networks?.map(toCaipNetwork) ?? [];
  const methods = lazyAsync(
    () =>
      loadSiwx().then(({ createDefaultSiwx: create, publicClientFor }) =>
        pick(
          create({
            ...options,
            storage: localStorage,
            getPublicClient: (chainId) => {
              const network = networks.find((candidate) => candidate.caipNetworkId === chainId);
              return network && publicClientFor(network);
            },
          }),
        ),
      ),
    SIWX_METHODS,
  );
  return { ...methods, getRequired: () => options.required ?? false, signOutOnDisconnect: options.signOutOnDisconnect };
}

const pick = (siwx: SIWXConfig): Pick<SIWXConfig, (typeof SIWX_METHODS)[number]> =>
  Object.fromEntries(SIWX_METHODS.map((method) => [method, siwx[method].bind(siwx)])) as Pick<SIWXConfig, (typeof SIWX_METHODS)[number]>;
