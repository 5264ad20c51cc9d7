/** The page's settings: the iframe query (with the modal's optional `origin` claim) and the server's meta. */
import { describe, expect, test } from '@rstest/core';
import { readPageSettings } from '../src/page/config';

const META = JSON.stringify({ apiUrl: 'http://127.0.0.1:8788', allowedOrigins: ['http://127.0.0.1:*'] });

describe('readPageSettings', () => {
  test('the query and the meta; origin is optional and reduced to an origin', () => {
    expect(readPageSettings('?projectId=portico-demo&chainId=31337&version=0.1.0', META)).toEqual({
      projectId: 'portico-demo',
      chainId: 31337,
      version: '0.1.0',
      enableLogger: false,
      origin: undefined,
      apiUrl: 'http://127.0.0.1:8788',
      allowedOrigins: ['http://127.0.0.1:*'],
      smartAccountChains: [],
    });
    expect(readPageSettings('?projectId=p&chainId=1&version=1&origin=http%3A%2F%2F127.0.0.1%3A3000%2Fpath', META).origin).toBe('http://127.0.0.1:3000');
  });

  test("the operator's smart accounts: the bundler's URL and the chains", () => {
    const meta = JSON.stringify({ apiUrl: 'http://127.0.0.1:8788', allowedOrigins: [], bundlerUrl: 'http://127.0.0.1:4337/rpc', smartAccountChains: [31337] });
    expect(readPageSettings('?projectId=p&chainId=31337&version=1', meta)).toMatchObject({ bundlerUrl: 'http://127.0.0.1:4337/rpc', smartAccountChains: [31337] });
    const badBundler = JSON.stringify({ apiUrl: 'http://127.0.0.1:8788', allowedOrigins: [], bundlerUrl: 'javascript:alert(1)' });
    expect(() => readPageSettings('?projectId=p&chainId=1&version=1', badBundler)).toThrow(/^page config bundlerUrl:/);
  });

  test('a bad field is named', () => {
    expect(() => readPageSettings('?projectId=p&chainId=1&version=1&origin=javascript%3Aalert(1)', META)).toThrow(/^query origin:/);
    expect(() => readPageSettings('?projectId=p&version=1', META)).toThrow(/^query chainId:/);
    expect(() => readPageSettings('?projectId=p&chainId=1&version=1', null)).toThrow('page config: missing');
  });
});
