/**
 * Fetching NFT metadata the token URI names, safely: `data:` URIs are decoded without any network;
 * http(s) goes only to public addresses unless the operator opts in (`allowPrivateNetworks`): the
 * host name is resolved, EVERY address checked, and the connection made to the checked address
 * (a second DNS answer — rebinding — is never used). No redirects, a timeout, the body streamed
 * with a byte cap, and at most METADATA_FETCH_CONCURRENCY fetches in flight per API request.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

export interface MetadataFetchPolicy {
  /** Host names http(s) metadata may come from; '*' any (the default). */
  allowedHosts: string[] | '*';
  /** Also loopback, private, link-local and other non-public addresses (development, tests). Default false. */
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  maxBytes: number;
}

export const METADATA_FETCH_CONCURRENCY = 4;
export const MAX_METADATA_BYTES = 256 * 1024;

/** Not the public internet: loopback, private, shared, link-local, documentation, multicast, reserved. */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64],
] as const) NON_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** IPv4 inside IPv6 (::ffff:a.b.c.d mapped, 64:ff9b::/96 NAT64) is judged by its IPv4 address. */
function embeddedIpv4(address: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m?.[1];
}

export function isPublicAddress(address: string): boolean {
  const v4 = isIP(address) === 4 ? address : embeddedIpv4(address);
  if (v4) return !NON_PUBLIC.check(v4, 'ipv4');
  if (isIP(address) !== 6) return false;
  if (/^::ffff:/i.test(address)) return false; // mapped, in hex form: refuse rather than parse
  return !NON_PUBLIC.check(address, 'ipv6');
}

export class MetadataFetchError extends Error {}

export function decodeDataUri(uri: string): string {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new MetadataFetchError('bad data: URI');
  const meta = uri.slice(5, comma);
  const body = uri.slice(comma + 1);
  if (/;base64$/i.test(meta)) return Buffer.from(body, 'base64').toString('utf8');
  try {
    return decodeURIComponent(body);
  } catch {
    return body;
  }
}

/** The address to connect to: the host's addresses, all checked; refused when any is not allowed. */
async function checkedAddress(hostname: string, policy: MetadataFetchPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) as 4 | 6 }] : ((await lookup(bare, { all: true, verbatim: true })) as { address: string; family: 4 | 6 }[]);
  if (addresses.length === 0) throw new MetadataFetchError(`host ${hostname} has no address`);
  if (!policy.allowPrivateNetworks) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) throw new MetadataFetchError(`host ${hostname} resolves to a non-public address (${blocked.address})`);
  }
  return addresses[0]!;
}

/** GET `url` from the checked address; the body as text, at most policy.maxBytes. */
async function get(url: URL, policy: MetadataFetchPolicy): Promise<string> {
  const target = await checkedAddress(url.hostname, policy);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<string>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json' },
        // Connect to the address checked above, never to a fresh DNS answer (TLS still verifies the host name).
        lookup: (_host, options, callback) => {
          const cb = callback as (err: null, address: string | { address: string; family: number }[], family?: number) => void;
          if ((options as { all?: boolean }).all) cb(null, [target]);
          else cb(null, target.address, target.family);
        },
        signal: AbortSignal.timeout(policy.timeoutMs),
      },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new MetadataFetchError(`HTTP ${res.statusCode}${res.statusCode && res.statusCode >= 300 && res.statusCode < 400 ? ' (redirects are not followed)' : ''}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            req.destroy();
            return reject(new MetadataFetchError(`metadata larger than ${policy.maxBytes} bytes`));
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', (err) => reject(err.name === 'AbortError' ? new MetadataFetchError('timeout') : err));
    req.end();
  });
}

/** The JSON a token URI names; null when its scheme or host is not one the API fetches. */
export async function fetchMetadata(uri: string, policy: MetadataFetchPolicy): Promise<unknown> {
  if (uri.startsWith('data:')) return JSON.parse(decodeDataUri(uri));
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (policy.allowedHosts !== '*' && !policy.allowedHosts.includes(url.hostname)) return null;
  return JSON.parse(await get(url, policy));
}

/** `fn` over `items` with at most `limit` running at once; results in order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}
