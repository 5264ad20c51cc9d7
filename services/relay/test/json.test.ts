import { describe, expect, it } from '@rstest/core';
import { idFromPrefix, RawNumber } from '../src/json';

describe('idFromPrefix: the request id at the start of a frame too big to parse', () => {
  const huge = 'x'.repeat(5000);

  it('reads the id the clients write first: a string, a number, the exact digits of an unsafe integer, null', () => {
    expect(idFromPrefix(`{"id":"1712345678901234567","jsonrpc":"2.0","method":"irn_publish","params":{"message":"${huge}`)).toBe('1712345678901234567');
    expect(idFromPrefix(` { "id" : 42 , "method":"irn_publish","params":{"message":"${huge}`)).toBe(42);
    expect(idFromPrefix(`{"id":1712345678901234567,"params":{"message":"${huge}`)).toEqual(new RawNumber('1712345678901234567'));
    expect(idFromPrefix(`{"id":null,"params":{"message":"${huge}`)).toBeNull();
  });

  it('finds it after other top-level members, never inside the params', () => {
    expect(idFromPrefix(`{"jsonrpc":"2.0","method":"irn_publish","id":"late","params":{"message":"${huge}`)).toBe('late');
    expect(idFromPrefix(`{"jsonrpc":"2.0","note":"a \\"quoted\\" \\"id\\":1","id":7,"params":{}`)).toBe(7);
    expect(idFromPrefix(`{"params":{"id":"inner","message":"${huge}`)).toBeUndefined();
    expect(idFromPrefix(`{"method":"irn_unsubscribe","params":{"topic":"t","id":"sub"},"id":9}`)).toBe(9);
  });

  it('gives nothing for a batch, a value that is not an id, or an id the prefix cuts short', () => {
    expect(idFromPrefix(`[{"id":1,"method":"irn_publish","params":{"message":"${huge}`)).toBeUndefined();
    expect(idFromPrefix(`{"id":{"nested":1},"params":{}`)).toBeUndefined();
    expect(idFromPrefix(`{"id":true,"params":{}`)).toBeUndefined();
    expect(idFromPrefix('{"id":"17123456')).toBeUndefined();
    expect(idFromPrefix('{"id":17123')).toBeUndefined(); // the digits may go on past the prefix
    expect(idFromPrefix('')).toBeUndefined();
  });
});
