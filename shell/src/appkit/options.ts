import { InvalidOptionsError, toCaipNetwork, type NetworkInput, type PorticoOptionsInput } from '@portico/shared-state';
import { toPorticoThemeVariables } from './theme-variables';

/**
 * AppKit options Portico accepts and ignores (documented in the shell's README): wallet-discovery
 * switches Portico decides itself, images and tokens it takes from its API, and settings of AppKit's
 * own services. Any other unknown option is still refused with InvalidOptionsError naming it.
 */
export const IGNORED_APPKIT_OPTIONS = [
  'adapters',
  'debug',
  'enableWalletConnect',
  'enableInjected',
  'enableEIP6963',
  'enableReconnect',
  'enableWalletGuide',
  'enableNetworkSwitch',
  'allWallets',
  'connectorImages',
  'tokens',
  'universalProviderConfigOverride',
  'manualWCControl',
] as const;

/** AppKit `features` with no Portico counterpart (orderings of AppKit's own layout), ignored. */
export const IGNORED_APPKIT_FEATURES = ['connectorTypeOrder', 'walletFeaturesOrder', 'reownAuthentication', 'headless'] as const;

/**
 * What a host adds to every `createAppKit` on its page (`setPorticoHostOptions`): where its Portico
 * services run (remotes, apiUrl, WalletConnect relay, embedded wallet) and networks of its own, which
 * AppKit's options have no words for.
 */
export type PorticoHostOptions = Omit<Partial<PorticoOptionsInput>, 'networks'> & { networks?: readonly NetworkInput[] };

type Input = Record<string, unknown>;

const isRecord = (value: unknown): value is Input => typeof value === 'object' && value !== null && !Array.isArray(value);

function requireRecord(value: unknown, field: string): Input | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new InvalidOptionsError(field, 'must be an object');
  return value;
}

const withoutKeys = (input: Input, keys: readonly string[]) => Object.fromEntries(Object.entries(input).filter(([key]) => !keys.includes(key)));

/** The host's networks after the app's, each once (by CAIP-2 id). */
function mergeNetworks(app: unknown, host: unknown): unknown {
  if (!Array.isArray(app) || !Array.isArray(host)) return app ?? host;
  const ids = new Set(app.map((network: NetworkInput) => toCaipNetwork(network).caipNetworkId));
  return [...app, ...host.filter((network: NetworkInput) => !ids.has(toCaipNetwork(network).caipNetworkId))];
}

/** AppKit's `chainImages` (`{ [chain id]: image URL }`) as each network's `assets.imageUrl`. */
function withChainImages(networks: unknown, chainImages: unknown): unknown {
  const images = requireRecord(chainImages, 'chainImages');
  if (!images || !Array.isArray(networks)) return networks;
  return networks.map((network: NetworkInput & { assets?: object }) => {
    const imageUrl = images[String(network.id)];
    return imageUrl === undefined ? network : { ...network, assets: { ...network.assets, imageUrl } };
  });
}

/**
 * AppKit's `createAppKit` options as Portico's: AppKit names Portico shares pass as they are,
 * `features.socials` becomes `socials`, `chainImages` the networks' icons, `--w3m-*` theme variables become `--portico-*`, the options in
 * `IGNORED_APPKIT_OPTIONS` / `IGNORED_APPKIT_FEATURES` are dropped, and a missing `metadata` is the page's.
 * Host options fill what the app left out; their `networks` are added after the app's.
 * Portico's own options (`remotes`, `apiUrl`, `walletConnect`, …) may be given in either.
 *
 * @throws {InvalidOptionsError} `options` or a part of it that must be an object is not one, or `adapters` is not a list.
 *   Everything else is checked by createPortico, which names the first bad field.
 */
export function toPorticoOptions(options: unknown, host: PorticoHostOptions = {}, page?: { title: string; origin: string }): Input {
  const app = requireRecord(options, '(options)') ?? {};
  if (app.adapters !== undefined && !Array.isArray(app.adapters)) throw new InvalidOptionsError('adapters', 'must be a list');
  const features = requireRecord(app.features, 'features');
  const themeVariables = requireRecord(app.themeVariables, 'themeVariables');
  const { chainImages, ...portable } = withoutKeys(app, IGNORED_APPKIT_OPTIONS);
  const mapped: Input = { ...(host as Input), ...portable };
  mapped.networks = withChainImages(mergeNetworks(app.networks, host.networks), chainImages);
  if (features) {
    const { socials, ...rest } = features;
    mapped.features = withoutKeys(rest, IGNORED_APPKIT_FEATURES);
    if (socials !== undefined) mapped.socials = socials;
  }
  if (themeVariables) mapped.themeVariables = toPorticoThemeVariables(themeVariables);
  if (mapped.metadata === undefined && page) mapped.metadata = { name: page.title || page.origin, description: '', url: page.origin, icons: [] };
  return mapped;
}
