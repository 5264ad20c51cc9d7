import { apiStub, testCore, type ApiStub } from '@portico/test-kit';
import { FakeIntersectionObserver, cleanupViews, renderView } from '@portico/test-kit/react';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import Account from '../src/views/Account';
import { accountRoutes, emptyAccountApi } from './account-api';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(accountRoutes(emptyAccountApi));
});
afterAll(() => api.close());
const openAccount = async () => renderView(Account, { core: (await testCore({ api, connect: true })).core });
const originalObserver = globalThis.IntersectionObserver;
const originalResolved = Intl.DateTimeFormat.prototype.resolvedOptions;

function inTimeZone(timeZone: string) {
  Intl.DateTimeFormat.prototype.resolvedOptions = function (this: Intl.DateTimeFormat) {
    return { ...originalResolved.call(this), timeZone };
  };
}

beforeEach(() => {
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  cleanupViews();
  globalThis.IntersectionObserver = originalObserver;
  Intl.DateTimeFormat.prototype.resolvedOptions = originalResolved;
});

describe('Buy and the restricted time zones (spec section 9)', () => {
  it('shows Buy elsewhere', async () => {
    inTimeZone('Europe/Berlin');
    await openAccount();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeTruthy());
  });

  for (const zone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau']) {
    it(`hides Buy in ${zone}; the other actions stay`, async () => {
      inTimeZone(zone);
      await openAccount();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
      expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
    });
  }
});
