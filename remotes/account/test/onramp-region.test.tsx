import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import Account from '../src/views/Account';
import { connectedCore, FakeIntersectionObserver, renderView, stubApi } from './helpers';

let stub: ReturnType<typeof stubApi>;
const originalObserver = globalThis.IntersectionObserver;
const originalResolved = Intl.DateTimeFormat.prototype.resolvedOptions;

function inTimeZone(timeZone: string) {
  Intl.DateTimeFormat.prototype.resolvedOptions = function (this: Intl.DateTimeFormat) {
    return { ...originalResolved.call(this), timeZone };
  };
}

beforeEach(() => {
  stub = stubApi();
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  cleanup();
  stub.restore();
  globalThis.IntersectionObserver = originalObserver;
  Intl.DateTimeFormat.prototype.resolvedOptions = originalResolved;
});

describe('Buy and the restricted time zones (spec section 9)', () => {
  it('shows Buy elsewhere', async () => {
    inTimeZone('Europe/Berlin');
    renderView(Account, await connectedCore());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeTruthy());
  });

  for (const zone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau']) {
    it(`hides Buy in ${zone}; the other actions stay`, async () => {
      inTimeZone(zone);
      renderView(Account, await connectedCore());
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
      expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
    });
  }
});
