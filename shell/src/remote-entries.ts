import type { PorticoOptions, RemoteName } from '@portico/shared-state';
import type { manifestRemotes } from '@portico/shared-state/deployment';

/** Each remote's entry and integrity hash, as a manifest names them. */
type Releases = ReturnType<typeof manifestRemotes>;

/** Each manifest's remotes, read once per page: a release rolled forward or back is live at the next page load. */
const reading = new Map<string, Promise<Releases>>();
/** The manifests read so far, so a view whose remote is known renders without waiting a tick. */
const read = new Map<string, Releases>();

function manifestReleases(url: string): Promise<Releases> {
  let releases = reading.get(url);
  if (!releases) {
    // Its own chunk: a page that follows no manifest never fetches the reader.
    releases = import('@portico/shared-state/deployment').then(({ loadCdnManifest, manifestRemotes }) => loadCdnManifest(url).then(manifestRemotes));
    reading.set(url, releases);
    releases.then(
      (known) => read.set(url, known),
      // Not kept: Retry (or the next open) reads it again, e.g. once the network is back.
      () => reading.delete(url),
    );
  }
  return releases;
}

type Placing = Pick<PorticoOptions, 'remotes' | 'manifestUrl'>;

/** The remote's entry if it is known now: the host's `remotes` (or `cdnBase`), or a manifest already read. */
export function knownRemoteEntry({ remotes, manifestUrl }: Placing, remote: RemoteName): string | undefined {
  return remotes[remote] ?? (manifestUrl ? read.get(manifestUrl)?.[remote]?.entry : undefined);
}

/**
 * Where the remote's entry is: the host's `remotes` (or `cdnBase`), else the release its manifest names;
 * undefined when neither places it.
 *
 * @throws {InvalidOptionsError} The manifest is missing or not a manifest.
 * @throws {TypeError} The network failed.
 */
export async function remoteEntry(options: Placing, remote: RemoteName): Promise<string | undefined> {
  const known = knownRemoteEntry(options, remote);
  if (known || !options.manifestUrl) return known;
  return (await manifestReleases(options.manifestUrl))[remote]?.entry;
}

/**
 * The integrity hash a manifest read on this page gives for the entry file at `url`, which the browser must then
 * check (./entry-integrity.ts). A URL the host pins itself has none, unless a manifest names that same file.
 */
export function entryIntegrity(url: string): string | undefined {
  for (const releases of read.values()) {
    for (const release of Object.values(releases)) if (release.entry === url) return release.integrity;
  }
  return undefined;
}
