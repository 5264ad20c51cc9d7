/** Name registration's API (spec section 7, profile) over an in-memory name table. */
import type { ApiRoutes } from './api-stub';

/** ENSIP-11 coin type of the devchain (0x80000000 | 31337), as names are stored there. @example expect(body.coin_type).toBe(DEVCHAIN_COIN_TYPE); */
export const DEVCHAIN_COIN_TYPE = 2147514985;

/**
 * The profile routes for `apiStub`, over `names` (full name → owner address), which the test may
 * change at any time: lookup (404 'Name not found'), suggestions (`<label>-eth.portico.eth` when
 * free), register (409 'Name is taken'), reverse lookup; plus an empty identity, which the account
 * syncs after registering.
 * @example
 * const names = new Map([['taken.portico.eth', RECEIVER]]);
 * const api = await apiStub(profileRoutes(names));
 */
export function profileRoutes(names: Map<string, string>): ApiRoutes {
  const profile = (name: string, address: string) => ({ name, addresses: { [DEVCHAIN_COIN_TYPE]: { address } }, attributes: {} });
  return {
    'GET /v1/profile/account/:name': ({ pathParams: { name } }) => {
      const owner = names.get(name!);
      return owner ? { json: profile(name!, owner) } : { status: 404, json: { error: 'Name not found' } };
    },
    'GET /v1/profile/suggestions/:label': ({ pathParams: { label } }) => {
      const suggestions = [`${label}-eth.portico.eth`].filter((name) => !names.has(name));
      return { json: { suggestions: suggestions.map((name) => ({ name, registered: false })) } };
    },
    'POST /v1/profile/account': (request) => {
      const body = JSON.parse(request.body) as { message: string; address: string };
      const { name } = JSON.parse(body.message) as { name: string };
      if (names.has(name)) return { status: 409, json: { error: 'Name is taken' } };
      names.set(name, body.address);
      return { status: 201, json: { ...profile(name, body.address), registeredAt: '2030-01-01T00:00:00.000Z' } };
    },
    'GET /v1/profile/reverse/:address': ({ pathParams: { address } }) => ({
      json: [...names].filter(([, owner]) => owner === address).map(([name, owner]) => profile(name, owner)),
    }),
    'GET /v1/identity/:address': { json: { name: null, avatar: null } },
  };
}
