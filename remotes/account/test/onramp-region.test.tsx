import { testCore } from '@portico/test-kit';
import { renderView } from '@portico/test-kit/react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import Account from '../src/views/Account';
import { api } from './setup';

/**
 * The Account view once its tokens have loaded: a test that ended while the view's requests were in flight would
 * leave happy-dom aborting them mid-connect (logged as ECONNRESET).
 */
async function openAccount() {
  renderView(Account, { core: (await testCore({ api, connect: true })).core });
  expect(await screen.findByText('No tokens yet')).toBeTruthy();
}
const originalResolved = Intl.DateTimeFormat.prototype.resolvedOptions;

function inTimeZone(timeZone: string) {
  Intl.DateTimeFormat.prototype.resolvedOptions = function (this: Intl.DateTimeFormat) {
    return { ...originalResolved.call(this), timeZone };
  };
}

afterEach(() => {
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
