import * as z from 'zod/mini';
import {
  ACCOUNT_TYPES,
  CHAIN_NAMESPACES,
  DEFAULT_ACCOUNT_TYPES,
  FEATURE_DEFAULTS,
  REMOTE_NAMES,
  SAFE_APP_ORIGINS,
  SOCIALS,
  THEME_DEFAULTS,
  type EmbeddedAccountType,
  type Features,
  type RemoteName,
  type Social,
} from './constants';
import { InvalidOptionsError } from './errors';
import { orNull, safeInteger, urlWith } from './zod-parts';
import { networkImageUrl } from './images';
import { paymentNamespace, type Payment } from './pay';
import { toCaipNetwork, type CaipNetwork } from './network';
import { CONNECT_METHODS, type ConnectMethod } from './wallet-list';
import type { SIWEConfig } from './siwx/siweconfig';
import type { SIWXConfig } from './siwx/types';

/**
 * The options' schema, built at the first parse rather than when the module loads: its ~100 zod schemas are most
 * of portico.js's evaluation, which the browser runs in the task that also dispatches DOMContentLoaded; built in
 * `createPortico`, that work falls in the host's own task instead (see the plain page's start).
 */
function buildOptionsSchema() {
  const httpUrl = urlWith(['http:', 'https:'], 'must be an http(s) URL');
  const originText = z.string().check(
    z.refine((value) => {
      try {
        const url = new URL(value);
        return url.origin === value && (url.protocol === 'https:' || url.protocol === 'http:');
      } catch {
        return false;
      }
    }, 'must be an origin such as https://app.safe.global (scheme and host, no path)'),
  );

  const networkSchema = z.object({
    id: z.union([z.number(), z.string().check(z.minLength(1))]),
    name: z.string().check(z.minLength(1)),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string().check(z.minLength(1)),
      decimals: z.number().check(safeInteger, z.gte(0)),
    }),
    rpcUrls: z.object({ default: z.object({ http: z.array(httpUrl).check(z.minLength(1)) }) }),
    blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: httpUrl }) })),
    chainNamespace: z.optional(z.enum(CHAIN_NAMESPACES)),
    caipNetworkId: z.optional(z.string().check(z.regex(/^[a-z0-9-]+:[^:]+$/, 'must be a CAIP-2 id'))),
    testnet: z.optional(z.boolean()),
    assets: z.optional(z.object({ imageUrl: z.optional(httpUrl) })),
  });

  const featureShape = Object.fromEntries(
    Object.keys(FEATURE_DEFAULTS).map((name) => [name, z.optional(z.boolean())]),
  ) as { [K in keyof Features]: z.ZodMiniOptional<z.ZodMiniBoolean> };

  // AppKit's `features.connectMethodsOrder` (ConnectMethod[]) sits among the flags; each name once, checked in parseOptions.
  const featuresSchema = z.strictObject({ ...featureShape, connectMethodsOrder: z.optional(z.array(z.enum(CONNECT_METHODS))) });

  const remoteShape = Object.fromEntries(REMOTE_NAMES.map((name) => [name, z.optional(httpUrl)])) as {
    [K in RemoteName]: z.ZodMiniOptional<typeof httpUrl>;
  };

  const themeVariablesSchema = z.strictObject({
    '--portico-accent': z.optional(z.string()),
    '--portico-font-family': z.optional(z.string()),
    '--portico-font-size-master': z.optional(z.string()),
    '--portico-border-radius-master': z.optional(z.string()),
    '--portico-z-index': z.optional(z.union([z.string(), z.number()])),
    /** A colour blended into the modal's backgrounds and borders, by `--portico-color-mix-strength` percent (0–100). */
    '--portico-color-mix': z.optional(z.string()),
    '--portico-color-mix-strength': z.optional(z.union([z.string(), z.number()]).check(z.refine((value) => /^\d{1,3}(\.\d+)?$/.test(String(value)) && Number(value) <= 100, 'must be a percentage from 0 to 100'))),
    /** The QR code's modules (on its white tile). */
    '--portico-qr-color': z.optional(z.string()),
  });

  const walletIds = z.optional(z.array(z.string()));
  /** A wallet app's own link (`metamask://`, a universal link): any scheme but those that run or read in the page. */
  const appLink = z.string().check(
    z.refine((value) => {
      try {
        return !['javascript:', 'data:', 'vbscript:', 'blob:', 'file:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be a link to the wallet app'),
  );
  const optionalLink = <T extends z.ZodMiniType>(schema: T) => z.optional(orNull(schema));
  /** AppKit's `CustomWallet`: a WalletConnect wallet the registry may not know, listed by Connect and All Wallets. */
  const customWalletSchema = z.strictObject({
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    homepage: optionalLink(httpUrl),
    image_url: optionalLink(httpUrl),
    mobile_link: optionalLink(appLink),
    desktop_link: optionalLink(appLink),
    webapp_link: optionalLink(httpUrl),
    app_store: optionalLink(httpUrl),
    play_store: optionalLink(httpUrl),
  });
  /** An object the host built with functions in it (a zod shape would add its size to every page). */
  const hostObject = z.custom<object>((input) => typeof input === 'object' && input !== null, 'must be an object');
  const EIP155_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
  /** `{ 'eip155:<chain id>': '0x…' }` (a custom check: z.record would add its code to every page). */
  const swapRoutersSchema = z.custom<Record<string, string>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.entries(input).every(([network, router]) => /^eip155:[1-9]\d{0,15}$/.test(network) && typeof router === 'string' && EIP155_ADDRESS.test(router)),
    "must map 'eip155:<id>' to addresses",
  );

  return z.strictObject({
    /** Absent or empty: the modal opens with spec §8's Project ID Not Configured alert (alerts.ts). */
    projectId: z.optional(z.string({ error: 'must be a string' })),
    metadata: z.object({
      name: z.string().check(z.minLength(1)),
      description: z.string(),
      url: httpUrl,
      icons: z.array(z.string()),
    }),
    networks: z.array(networkSchema).check(z.minLength(1, 'needs at least one network')),
    defaultNetwork: z.optional(networkSchema),
    features: z.optional(featuresSchema),
    themeMode: z.optional(z.enum(['light', 'dark'])),
    themeVariables: z.optional(themeVariablesSchema),
    featuredWalletIds: walletIds,
    includeWalletIds: walletIds,
    excludeWalletIds: walletIds,
    /** WalletConnect wallets of the host's own (AppKit's shape), listed after the featured ones; ids unique (parseOptions). */
    customWallets: z.optional(z.array(customWalletSchema)),
    /** The site's terms and privacy policy, linked beside the `legalCheckbox` feature's checkbox (AppKit's names). */
    termsConditionsUrl: z.optional(httpUrl),
    privacyPolicyUrl: z.optional(httpUrl),
    allowUnsupportedChain: z.optional(z.boolean()),
    enableEmbedded: z.optional(z.boolean()),
    /** AppKit's: list the Coinbase Wallet SDK connector on pages with eip155 networks (default true). */
    enableCoinbase: z.optional(z.boolean()),
    /** The Safe web apps the page may be opened in as a Safe App (exact origins; [] turns the Safe connector off). */
    safeAppOrigins: z.optional(z.array(originText)),
    /** Where each remote's remoteEntry.js lives; overrides `cdnBase`. */
    remotes: z.optional(z.strictObject(remoteShape)),
    /** Base URL under which every remote is served as `{cdnBase}/{remote}/remoteEntry.js`. */
    cdnBase: z.optional(httpUrl),
    /** The CDN layout's manifest (./cdn-manifest): each remote `remotes` does not pin is its current release there. */
    manifestUrl: z.optional(httpUrl),
    /** The Portico API (wallet registry, project config, blockchain API); self-hosted: services/api. */
    apiUrl: z.optional(httpUrl),
    /**
     * The exchange router per eip155 network (`{ 'eip155:1': '0x…' }`) that swap transactions must
     * call; wins over the router the API names. Pins it independently of the API that builds them.
     */
    swapRouters: z.optional(swapRoutersSchema),
    /**
     * The Pay view (flag `pay`): a fixed payment of `amount` `symbol` to `recipient` (an eip155 or Solana address),
     * sent through Send; `network` (CAIP-2) pins its network, else the recipient's namespace decides (./pay).
     */
    pay: z.optional(
      z.strictObject({
        recipient: z.string().check(
          z.refine((value) => paymentNamespace(value) !== undefined, 'must be an eip155 address (0x + 40 hex digits) or a Solana address (32–44 base58 characters)'),
        ),
        amount: z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a decimal amount')),
        symbol: z.string().check(z.minLength(1)),
        network: z.optional(z.string().check(z.regex(/^(eip155:[1-9]\d{0,15}|solana:[-\w]{1,32})$/, 'must be a CAIP-2 id on eip155 or solana'))),
      }),
    ),
    /** Sign in with the wallet (AppKit's SIWX object: createMessage, addSession, getSessions, …); checked when used. */
    siwx: z.optional(hostObject),
    /** The legacy form of `siwx` (AppKit's siweConfig); never together with it. */
    siweConfig: z.optional(hostObject),
    /** The embedded wallet's secure site (services/secure-site): email login and the approval gate (issue 11). */
    embeddedWallet: z.optional(z.strictObject({ url: httpUrl })),
    /** The social logins Connect offers with the embedded wallet, in this order; `false` or `[]` for none (names checked in parseOptions). */
    socials: z.optional(
      z.custom<false | string[]>(
        (input) => input === false || (Array.isArray(input) && input.every((name) => typeof name === 'string')),
        'must be a list or false',
      ),
    ),
    /** The embedded wallet's account type per namespace until the person picks one (spec section 5; AppKit's name). */
    defaultAccountTypes: z.optional(z.strictObject({ eip155: z.optional(z.enum(ACCOUNT_TYPES)) })),
    /** The modal's language (BCP 47, e.g. 'ar' or 'pt-BR'); default: the page's `lang`, then English. */
    locale: z.optional(z.string().check(z.refine(isLanguageTag, 'must be a BCP 47 language tag'))),
    walletConnect: z.optional(
      z.strictObject({
        relayUrl: z.optional(urlWith(['ws:', 'wss:'], 'must be a ws(s) URL')),
        /** The hosted verify iframe; off for offline or self-hosted use. */
        verify: z.optional(z.boolean()),
        telemetry: z.optional(z.boolean()),
      }),
    ),
  });
}

type OptionsSchema = ReturnType<typeof buildOptionsSchema>;
let builtOptionsSchema: OptionsSchema | undefined;

/** The host options' zod schema (built once, at its first use). */
export function porticoOptionsSchema(): OptionsSchema {
  return (builtOptionsSchema ??= buildOptionsSchema());
}

export type ThemeVariables = NonNullable<z.infer<OptionsSchema>['themeVariables']>;
export type CustomWallet = NonNullable<z.infer<OptionsSchema>['customWallets']>[number];
export type ThemeMode = 'light' | 'dark';

/** One BCP 47 tag ('en', 'zh-Hant-TW'); Intl's own check, no list to ship. */
function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

export type PorticoOptionsInput = z.input<OptionsSchema>;

/** Options after validation, with defaults applied. */
export interface PorticoOptions {
  /** Absent when the host gave none or an empty one (the modal shows Project ID Not Configured). */
  projectId?: string;
  metadata: { name: string; description: string; url: string; icons: string[] };
  networks: CaipNetwork[];
  defaultNetwork: CaipNetwork;
  features: Features;
  themeMode: ThemeMode;
  themeVariables: ThemeVariables;
  featuredWalletIds: string[];
  includeWalletIds: string[];
  excludeWalletIds: string[];
  /** The host's own WalletConnect wallets (AppKit's `customWallets`), in its order. */
  customWallets: CustomWallet[];
  /** Linked beside the legal checkbox (feature `legalCheckbox`); without either link there is no checkbox. */
  termsConditionsUrl?: string;
  privacyPolicyUrl?: string;
  /**
   * AppKit's `features.connectMethodsOrder`, each method once, those left out after in the spec's order; absent: the
   * spec's rule (`connectMethodsFor` in ./wallet-list).
   */
  connectMethodsOrder?: ConnectMethod[];
  allowUnsupportedChain: boolean;
  enableEmbedded: boolean;
  enableCoinbase: boolean;
  /** Default SAFE_APP_ORIGINS (adapters/eip155/safe.ts). */
  safeAppOrigins: string[];
  /** Resolved remote entry URLs; a remote without a URL cannot be loaded (or, with `manifestUrl`, comes from the manifest). */
  remotes: Partial<Record<RemoteName, string>>;
  /** The CDN manifest that names the remotes `remotes` does not (read when a view needs one). */
  manifestUrl?: string;
  apiUrl?: string;
  /** Exchange routers pinned by the host, per CAIP-2 network. */
  swapRouters: Record<string, string>;
  /** The host's payment, its namespace decided (./pay). */
  pay?: Payment;
  walletConnect: { relayUrl: string; verify: boolean; telemetry: boolean };
  /** The host's sign-in, as given: a SIWXConfig, or a legacy SIWEConfig (at most one of them). */
  siwx?: SIWXConfig;
  siweConfig?: SIWEConfig;
  /** Where the embedded wallet's secure site is served; without it there is no email or social login. */
  embeddedWallet?: { url: string };
  /** The social logins to offer, Farcaster among them (default: all of `SOCIALS`, spec order); empty for none. */
  socials: Social[];
  /** The embedded wallet's account type until the person switches (default: a smart account on eip155). */
  defaultAccountTypes: { eip155: EmbeddedAccountType };
  /** The host's `locale` as given; `@portico/shared-state/i18n`'s resolveLocale picks the catalogue (else the page's `lang`). */
  locale?: string;
}

/** WalletConnect's public relay, used when the host names none. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org';

function resolveRemotes(input: z.infer<OptionsSchema>): Partial<Record<RemoteName, string>> {
  const resolved: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const explicit = input.remotes?.[name];
    if (explicit) resolved[name] = explicit;
    else if (input.cdnBase) resolved[name] = `${input.cdnBase.replace(/\/$/, '')}/${name}/remoteEntry.js`;
  }
  return resolved;
}

/**
 * The CAIP-2 id must say what the network is (`<chainNamespace>:<id>`), with a CAIP-2 reference as
 * the id (an eip155 one a positive integer): every controller parses it or computes with it later.
 */
/** The network with an icon: the host's, else the modal's artwork on its API (none without an API). */
function withImage(network: CaipNetwork, apiUrl: string | undefined): CaipNetwork {
  const imageUrl = network.assets?.imageUrl ?? networkImageUrl(apiUrl, network.caipNetworkId);
  return imageUrl === undefined ? network : { ...network, assets: { imageUrl } };
}

function checkNetworkId(network: CaipNetwork, field: string): void {
  const { chainNamespace, id } = network;
  const reference = chainNamespace === 'eip155' ? /^[1-9]\d{0,15}$/ : /^[-\w]{1,32}$/;
  if (network.caipNetworkId !== `${chainNamespace}:${id}` || !reference.test(String(id))) {
    throw new InvalidOptionsError(field, "is not a CAIP-2 network ('<chainNamespace>:<id>')");
  }
}

/** The host's `socials` (default: all, spec order): every name one of `SOCIALS`, each once. */
function resolveSocials(socials: false | string[] = [...SOCIALS]): Social[] {
  const names = socials || [];
  names.forEach((name, index) => {
    if (!(SOCIALS as readonly string[]).includes(name) || names.indexOf(name) < index) {
      throw new InvalidOptionsError(`socials.${index}`, `must be one of ${SOCIALS.join(', ')}, each once`);
    }
  });
  return names as Social[];
}

/** The host's `customWallets`, each id once. */
function resolveCustomWallets(wallets: CustomWallet[] = []): CustomWallet[] {
  wallets.forEach((wallet, index) => {
    if (wallets.findIndex((other) => other.id === wallet.id) < index) throw new InvalidOptionsError(`customWallets.${index}.id`, 'must be unique');
  });
  return wallets;
}

/** AppKit's `connectMethodsOrder`: each method at most once; the ones left out follow in the spec's order. */
function resolveConnectMethodsOrder(order: readonly ConnectMethod[] | undefined): ConnectMethod[] | undefined {
  if (!order) return undefined;
  order.forEach((method, index) => {
    if (order.indexOf(method) < index) throw new InvalidOptionsError(`features.connectMethodsOrder.${index}`, 'must name each method once');
  });
  return [...order, ...CONNECT_METHODS.filter((method) => !order.includes(method))];
}

/** The host's `pay` with its namespace: a pinned `network` must be in the recipient's namespace. */
function resolvePayment(pay: Omit<Payment, 'namespace'> | undefined): Payment | undefined {
  if (!pay) return undefined;
  const namespace = paymentNamespace(pay.recipient, pay.network);
  if (!namespace) throw new InvalidOptionsError('pay.recipient', `must be an address on pay.network (${pay.network})`);
  return { ...pay, namespace };
}

/** Validates host options. Bad config throws one InvalidOptionsError naming the first bad field. */
export function parseOptions(input: unknown): PorticoOptions {
  const result = porticoOptionsSchema().safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    // zod/mini ships no locale: an unknown key only says "Invalid input", so name the key itself.
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const path = unknownKey === undefined ? issue.path.map(String) : [...issue.path.map(String), unknownKey];
    const field = path.length ? path.join('.') : '(options)';
    throw new InvalidOptionsError(field, unknownKey === undefined ? issue.message : 'is not a known option');
  }
  const options = result.data;
  // Spec section 5.
  if (options.siwx && options.siweConfig) throw new InvalidOptionsError('siweConfig', 'setting both siweConfig and siwx is an error');
  // Both would name every remote: which one wins would be a guess.
  if (options.cdnBase && options.manifestUrl) throw new InvalidOptionsError('manifestUrl', 'cannot be set with cdnBase');
  const networks = options.networks.map((input) => withImage(toCaipNetwork(input), options.apiUrl));
  networks.forEach((network, index) => checkNetworkId(network, `networks.${index}`));
  const defaultNetwork = options.defaultNetwork ? withImage(toCaipNetwork(options.defaultNetwork), options.apiUrl) : networks[0]!;
  checkNetworkId(defaultNetwork, 'defaultNetwork');
  if (!networks.some((network) => network.caipNetworkId === defaultNetwork.caipNetworkId)) {
    throw new InvalidOptionsError('defaultNetwork', 'must be one of `networks`');
  }
  const { connectMethodsOrder, ...flags } = options.features ?? {};
  return {
    projectId: options.projectId || undefined,
    metadata: options.metadata,
    networks,
    defaultNetwork,
    features: { ...FEATURE_DEFAULTS, ...flags },
    themeMode: options.themeMode ?? THEME_DEFAULTS.themeMode,
    themeVariables: options.themeVariables ?? {},
    featuredWalletIds: options.featuredWalletIds ?? [],
    includeWalletIds: options.includeWalletIds ?? [],
    excludeWalletIds: options.excludeWalletIds ?? [],
    customWallets: resolveCustomWallets(options.customWallets),
    termsConditionsUrl: options.termsConditionsUrl,
    privacyPolicyUrl: options.privacyPolicyUrl,
    connectMethodsOrder: resolveConnectMethodsOrder(connectMethodsOrder),
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    enableEmbedded: options.enableEmbedded ?? false,
    enableCoinbase: options.enableCoinbase ?? true,
    safeAppOrigins: options.safeAppOrigins ?? [...SAFE_APP_ORIGINS],
    remotes: resolveRemotes(options),
    manifestUrl: options.manifestUrl,
    apiUrl: options.apiUrl,
    swapRouters: options.swapRouters ?? {},
    pay: resolvePayment(options.pay),
    siwx: options.siwx as SIWXConfig | undefined,
    siweConfig: options.siweConfig as SIWEConfig | undefined,
    embeddedWallet: options.embeddedWallet,
    socials: resolveSocials(options.socials),
    defaultAccountTypes: { eip155: options.defaultAccountTypes?.eip155 ?? DEFAULT_ACCOUNT_TYPES.eip155 },
    locale: options.locale,
    walletConnect: {
      relayUrl: options.walletConnect?.relayUrl ?? DEFAULT_RELAY_URL,
      verify: options.walletConnect?.verify ?? true,
      telemetry: options.walletConnect?.telemetry ?? false,
    },
  };
}
