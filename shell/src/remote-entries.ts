import type { PorticoOptions, RemoteName } from '@portico/shared-state';

type Entries = Partial<Record<RemoteName, string>>;

/** Each manifest's remotes, read once per page: a release rolled forward or back is live at the next page load. */
const reading = new Map<string, Promise<Entries>>();
/** The manifests read so far, so a view whose remote is known renders without waiting a tick. */
const read = new Map<string, Entries>();

function manifestEntries(url: string): Promise<Entries> {
  let entries = reading.get(url);
  if (!entries) {
    // Its own chunk: a page that follows no manifest never fetches the reader.
    entries = import('@portico/shared-state/deployment').then(({ loadCdnManifest, manifestRemotes }) => loadCdnManifest(url).then(manifestRemotes));
    reading.set(url, entries);
    entries.then(
      (known) => read.set(url, known),
      // Not kept: Retry (or the next open) reads it again, e.g. once the network is back.
      () => reading.delete(url),
    );
  }
  return entries;
}

type Placing = Pick<PorticoOptions, 'remotes' | 'manifestUrl'>;

/** The remote's entry if it is known now: the host's `remotes` (or `cdnBase`), or a manifest already read. */
export function knownRemoteEntry({ remotes, manifestUrl }: Placing, remote: RemoteName): string | undefined {
  return remotes[remote] ?? (manifestUrl ? read.get(manifestUrl)?.[remote] : undefined);
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
  return (await manifestEntries(options.manifestUrl))[remote];
}
