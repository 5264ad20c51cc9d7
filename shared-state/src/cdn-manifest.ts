/**
 * The CDN layout's manifest, `manifest.json` at its top (written by scripts/build-cdn.mjs, changed by the operator to
 * roll a package forward or back): each package's current version, its entry file relative to the manifest and
 * that file's Subresource Integrity hash. A host that follows it (`manifestUrl`) loads whatever release it names.
 */
import * as z from 'zod/mini';
import { REMOTE_NAMES, type RemoteName } from './constants';
import { InvalidOptionsError } from './errors';
import { fetchSmallJson } from './small-json';

/** The manifest's file name in the layout (docs/operating.md, "CDN layout"). */
export const CDN_MANIFEST_FILE = 'manifest.json';
/** The most the manifest may weigh: seven entries of three short strings. */
export const MAX_CDN_MANIFEST_BYTES = 16 * 1024;

/** The schema, built at the first parse (like the options' one): most pages never follow a manifest. */
function buildManifestSchema() {
  const integrity = z
    .string()
    .check(z.regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/, 'must be a Subresource Integrity hash (sha384-<base64>)'));
  const entryShape = { entry: z.string().check(z.minLength(1, 'must name a file')), integrity };
  const version = z.string().check(z.minLength(1, 'must name a version'));
  const releaseSchema = z.strictObject({ version, ...entryShape });
  return z.strictObject({
    version: z.literal(1),
    shell: z.strictObject({
      version,
      ...entryShape,
      /** The shell's Module Federation container (React hosts, `@portico/js`). */
      federation: z.strictObject(entryShape),
    }),
    remotes: z.strictObject(
      Object.fromEntries(REMOTE_NAMES.map((name) => [name, z.optional(releaseSchema)])) as {
        [K in RemoteName]: z.ZodMiniOptional<typeof releaseSchema>;
      },
    ),
  });
}

let manifestSchema: ReturnType<typeof buildManifestSchema> | undefined;

/** The manifest as parsed: every `entry` an absolute URL on the manifest's own origin. */
export type CdnManifest = z.infer<ReturnType<typeof buildManifestSchema>>;

function refuse(field: string, reason: string): never {
  throw new InvalidOptionsError(CDN_MANIFEST_FILE, `${field}: ${reason}`);
}

/**
 * `entry` resolved against the manifest's URL. Only the manifest's own origin is allowed: whoever can change the
 * manifest's text (a cache, a mis-set proxy rule) must not be able to send the page's code to another server.
 */
function resolveEntry(entry: string, manifestUrl: URL, field: string): string {
  let url: URL;
  try {
    url = new URL(entry, manifestUrl);
  } catch {
    return refuse(field, 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(field, 'must be an http(s) URL');
  if (url.origin !== manifestUrl.origin) refuse(field, `must be on the manifest's origin (${manifestUrl.origin})`);
  return url.href;
}

/**
 * The manifest's JSON, checked, with its entries resolved against `manifestUrl`.
 *
 * @throws {InvalidOptionsError} Not a manifest, or an entry off the manifest's origin; the reason names the field.
 */
export function parseCdnManifest(input: unknown, manifestUrl: string): CdnManifest {
  const result = (manifestSchema ??= buildManifestSchema()).safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    // zod/mini ships no locale: an unknown key only says "Invalid input", so name the key itself.
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const path = [...issue.path.map(String), ...(unknownKey === undefined ? [] : [unknownKey])];
    refuse(path.join('.') || 'file', unknownKey === undefined ? issue.message : 'is not a known field');
  }
  const base = new URL(manifestUrl);
  const { shell, remotes } = result.data;
  return {
    version: 1,
    shell: {
      ...shell,
      entry: resolveEntry(shell.entry, base, 'shell.entry'),
      federation: { ...shell.federation, entry: resolveEntry(shell.federation.entry, base, 'shell.federation.entry') },
    },
    remotes: Object.fromEntries(
      REMOTE_NAMES.flatMap((name) => {
        const release = remotes[name];
        return release ? [[name, { ...release, entry: resolveEntry(release.entry, base, `remotes.${name}.entry`) }]] : [];
      }),
    ),
  };
}

/** Where a remote's release is and the hash its entry file must match (the shell loads it with that `integrity`). */
export interface RemoteRelease {
  entry: string;
  integrity: string;
}

/** Each remote's entry URL and integrity hash as the manifest names them. */
export function manifestRemotes(manifest: CdnManifest): Partial<Record<RemoteName, RemoteRelease>> {
  return Object.fromEntries(Object.entries(manifest.remotes).map(([name, { entry, integrity }]) => [name, { entry, integrity }]));
}

/**
 * Reads the manifest at `url`. Unlike the deployment file, a missing manifest is an error: the host asked to
 * follow it.
 *
 * @throws {InvalidOptionsError} Not found, too large, not JSON, or not a manifest.
 * @throws {TypeError} The network failed.
 */
export async function loadCdnManifest(url: string, fetcher: typeof fetch = fetch): Promise<CdnManifest> {
  return parseCdnManifest(await fetchSmallJson(url, { file: CDN_MANIFEST_FILE, maxBytes: MAX_CDN_MANIFEST_BYTES, fetcher }), url);
}
