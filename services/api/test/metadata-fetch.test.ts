/**
 * NFT metadata fetches: data: URIs without network; http(s) only to public addresses unless the
 * operator opts in (the host name is resolved and every address checked — 'localhost' too); no
 * redirects; the body streamed with a byte cap; at most 4 fetches in flight.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createServer, type Server } from 'node:http';
import { fetchMetadata, isPublicAddress, mapLimit, METADATA_FETCH_CONCURRENCY, type MetadataFetchPolicy } from '../src/chains/metadata-fetch';
import { freePort } from './chain-helpers';

const policy = (overrides: Partial<MetadataFetchPolicy> = {}): MetadataFetchPolicy => ({
  allowedHosts: '*',
  allowPrivateNetworks: false,
  timeoutMs: 3000,
  maxBytes: 1024,
  ...overrides,
});

let server: Server;
let base: string;
let inFlight = 0;
let maxInFlight = 0;
beforeAll(async () => {
  const port = await freePort();
  server = createServer((req, res) => {
    if (req.url === '/slow.json') {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"slow"}');
      }, 50);
      return;
    }
    if (req.url === '/redirect') return res.writeHead(302, { location: '/meta.json' }).end();
    if (req.url === '/huge.json') {
      // No content-length: the cap must hold while streaming.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"name":"${'x'.repeat(4096)}`);
      return setTimeout(() => res.end('"}'), 20);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"Served"}');
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

describe('targets', () => {
  test.each([
    ['127.0.0.1', false], ['10.1.2.3', false], ['172.16.0.1', false], ['172.31.255.255', false], ['192.168.1.1', false],
    ['169.254.169.254', false], ['0.0.0.0', false], ['100.64.0.1', false], ['::1', false], ['::', false], ['fc00::1', false],
    ['fd12:3456::1', false], ['fe80::1', false], ['::ffff:127.0.0.1', false], ['::ffff:7f00:1', false], ['64:ff9b::10.0.0.1', false],
    ['8.8.8.8', true], ['172.32.0.1', true], ['1.1.1.1', true], ['2606:4700::1111', true], ['::ffff:8.8.8.8', true],
  ])('%s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  test('loopback, private and link-local hosts are refused by default, by address or by name', async () => {
    for (const url of [`${base}/meta.json`, 'http://localhost:9/meta.json', 'http://10.0.0.1/meta.json', 'http://[::1]:9/meta.json', 'http://169.254.169.254/latest/meta-data']) {
      await expect(fetchMetadata(url, policy())).rejects.toThrow(/non-public address/);
    }
  });

  test('the operator opt-in allows them; other schemes and hosts off the list are skipped (null)', async () => {
    expect(await fetchMetadata(`${base}/meta.json`, policy({ allowPrivateNetworks: true }))).toEqual({ name: 'Served' });
    expect(await fetchMetadata('ipfs://bafy/meta.json', policy())).toBeNull();
    expect(await fetchMetadata('file:///etc/passwd', policy())).toBeNull();
    expect(await fetchMetadata(`${base}/meta.json`, policy({ allowPrivateNetworks: true, allowedHosts: ['nft.example'] }))).toBeNull();
  });

  test('data: URIs are decoded without any network', async () => {
    const json = { name: 'On chain', image: 'data:image/svg+xml;base64,PHN2Zy8+' };
    expect(await fetchMetadata(`data:application/json;base64,${Buffer.from(JSON.stringify(json)).toString('base64')}`, policy())).toEqual(json);
    expect(await fetchMetadata(`data:application/json,${encodeURIComponent(JSON.stringify(json))}`, policy())).toEqual(json);
  });
});

describe('limits', () => {
  test('redirects are not followed; a body over the byte cap is cut off', async () => {
    const open = policy({ allowPrivateNetworks: true });
    await expect(fetchMetadata(`${base}/redirect`, open)).rejects.toThrow('HTTP 302 (redirects are not followed)');
    await expect(fetchMetadata(`${base}/huge.json`, open)).rejects.toThrow('metadata larger than 1024 bytes');
    expect(await fetchMetadata(`${base}/huge.json`, { ...open, maxBytes: 8192 })).toMatchObject({ name: expect.any(String) });
  });

  test(`at most ${METADATA_FETCH_CONCURRENCY} fetches in flight`, async () => {
    expect(METADATA_FETCH_CONCURRENCY).toBe(4);
    const open = policy({ allowPrivateNetworks: true });
    const results = await mapLimit(Array.from({ length: 12 }, (_, i) => i), METADATA_FETCH_CONCURRENCY, () => fetchMetadata(`${base}/slow.json`, open));
    expect(results).toHaveLength(12);
    expect(maxInFlight).toBe(METADATA_FETCH_CONCURRENCY);
  });
});
