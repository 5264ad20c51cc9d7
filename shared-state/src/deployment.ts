/**
 * A shell deployment's own description, `portico-deployment.json` beside its files (written by the shell's build,
 * or served by the operator): where its remotes, API, relay and secure site run. A host that loads the shell from
 * there (`@portico/js`) passes only its `projectId`; whatever the host's options give wins over it.
 */
import * as z from 'zod/mini';
import { REMOTE_NAMES, type RemoteName } from './constants';
import { InvalidOptionsError } from './errors';
import { fetchSmallJson } from './small-json';
import type { PorticoOptionsInput } from './options';
import { urlWith } from './zod-parts';

/** The CDN manifest's reader, for the shell to import with this module, lazily: only a host that follows one needs it. */
export { loadCdnManifest, manifestRemotes } from './cdn-manifest';

/** The file's name, relative to the deployment's base URL (the folder that holds `mf/remoteEntry.js`). */
export const DEPLOYMENT_FILE = 'portico-deployment.json';
/** The most the file may weigh: it lists a handful of URLs. */
export const MAX_DEPLOYMENT_BYTES = 16 * 1024;

const httpUrl = urlWith(['http:', 'https:'], 'must be an http(s) URL');

const deploymentSchema = z.strictObject({
  version: z.literal(1),
  remotes: z.optional(
    z.strictObject(
      Object.fromEntries(REMOTE_NAMES.map((name) => [name, z.optional(httpUrl)])) as {
        [K in RemoteName]: z.ZodMiniOptional<typeof httpUrl>;
      },
    ),
  ),
  /** The CDN layout's manifest (./cdn-manifest), for the remotes `remotes` does not name. */
  manifestUrl: z.optional(httpUrl),
  apiUrl: z.optional(httpUrl),
  walletConnect: z.optional(
    z.strictObject({
      relayUrl: z.optional(urlWith(['ws:', 'wss:'], 'must be a ws(s) URL')),
      verify: z.optional(z.boolean()),
      telemetry: z.optional(z.boolean()),
    }),
  ),
  embeddedWallet: z.optional(z.strictObject({ url: httpUrl })),
});

export type Deployment = z.infer<typeof deploymentSchema>;

/**
 * The deployment file's JSON, checked.
 *
 * @throws {InvalidOptionsError} The file is not a deployment description (field `portico-deployment.json`).
 */
export function parseDeployment(input: unknown): Deployment {
  const result = deploymentSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'file';
  throw new InvalidOptionsError(DEPLOYMENT_FILE, `${field}: ${issue?.message ?? 'invalid'}`);
}

/**
 * The host's options over the deployment's defaults: a field the host gives wins, remotes one by one. A host's own
 * `cdnBase` or `manifestUrl` places every remote, so the deployment's remotes and manifest are not used then.
 */
export function withDeployment<O extends PorticoOptionsInput>(options: O, deployment: Deployment): O {
  const walletConnect = options.walletConnect ?? deployment.walletConnect;
  const hostPlacesRemotes = Boolean(options.cdnBase ?? options.manifestUrl);
  const manifestUrl = hostPlacesRemotes ? options.manifestUrl : deployment.manifestUrl;
  return {
    ...options,
    remotes: hostPlacesRemotes ? options.remotes : { ...deployment.remotes, ...options.remotes },
    ...(manifestUrl ? { manifestUrl } : {}),
    ...(options.apiUrl ?? deployment.apiUrl ? { apiUrl: options.apiUrl ?? deployment.apiUrl } : {}),
    ...(walletConnect ? { walletConnect } : {}),
    ...(options.embeddedWallet ?? deployment.embeddedWallet ? { embeddedWallet: options.embeddedWallet ?? deployment.embeddedWallet } : {}),
  };
}

/**
 * Reads `{base}portico-deployment.json`. No file (404) is no defaults; anything else that is not a deployment
 * description is an error, so a misconfigured CDN says so instead of opening a modal with no views.
 *
 * @throws {InvalidOptionsError} The file is too large, not JSON, or not a deployment description.
 * @throws {TypeError} The network failed.
 */
export async function loadDeployment(base: string, fetcher: typeof fetch = fetch): Promise<Deployment | undefined> {
  const url = new URL(DEPLOYMENT_FILE, base.endsWith('/') ? base : `${base}/`);
  const json = await fetchSmallJson(url, { file: DEPLOYMENT_FILE, maxBytes: MAX_DEPLOYMENT_BYTES, fetcher, optional: true });
  return json === undefined ? undefined : parseDeployment(json);
}
