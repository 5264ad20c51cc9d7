// Which address a per-address limit counts: the socket's peer, or behind a trusted load balancer the visitor's.
import { describe, expect, it } from '@rstest/core';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { clientAddressReader, trustedProxiesField } from '../src/index';

const request = (peer: string | undefined, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }) as unknown as IncomingMessage;

describe('clientAddressReader', () => {
  it('without trusted proxies: the socket peer, whatever X-Forwarded-For says', () => {
    const read = clientAddressReader();
    expect(read(request('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
  });

  it('behind a trusted load balancer: the address it forwarded', () => {
    const read = clientAddressReader(['loopback']);
    expect(read(request('127.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(read(request('::1', '198.51.100.2'))).toBe('198.51.100.2');
  });

  it('attack: addresses a visitor writes ahead of the load balancer\'s own are not believed (a new budget per request)', () => {
    const read = clientAddressReader(['10.0.0.0/8']);
    expect(read(request('10.0.0.5', '1.2.3.4, 5.6.7.8, 198.51.100.9'))).toBe('198.51.100.9');
  });

  it('attack: X-Forwarded-For from a peer that is not a trusted proxy is ignored', () => {
    const read = clientAddressReader(['10.0.0.0/8']);
    expect(read(request('203.0.113.7', '10.0.0.1'))).toBe('203.0.113.7');
  });

  it("a request with no socket address is 'unknown'", () => {
    expect(clientAddressReader()(request(undefined))).toBe('unknown');
  });
});

describe('trustedProxiesField', () => {
  const schema = z.object({ P: trustedProxiesField() });
  it('reads a comma list of addresses, ranges and names', () => {
    expect(schema.parse({ P: 'loopback, 10.0.0.0/8,192.0.2.1' }).P).toEqual(['loopback', '10.0.0.0/8', '192.0.2.1']);
    expect(schema.parse({}).P).toBeUndefined();
  });
  it('refuses what is not an address or range', () => {
    for (const bad of ['*', 'example.com', '10.0.0.0/99', ' , ']) expect(schema.safeParse({ P: bad }).success).toBe(false);
  });
});
