/**
 * The set-up the account views' tests share; importing this file registers its hooks for the importing test file.
 * `api` is the account API stub (started once per file), answering from `state` (empty at the start of each test:
 * a test fills in what it needs). IntersectionObserver is the test kit's fake while a test runs, since happy-dom
 * has no layout to report the lists' "load more" sentinel in view (scroll with `FakeIntersectionObserver.scrollIntoView()`).
 */
import { apiStub, type ApiStub } from '@portico/test-kit';
import { FakeIntersectionObserver, cleanupViews } from '@portico/test-kit/react';
import { afterAll, afterEach, beforeAll, beforeEach } from '@rstest/core';
import { accountRoutes, emptyAccountApi, type AccountApiState } from './account-api';

export let api: ApiStub;
export let state: AccountApiState;

const originalObserver = globalThis.IntersectionObserver;
beforeAll(async () => {
  api = await apiStub(accountRoutes(() => state));
});
beforeEach(() => {
  state = emptyAccountApi();
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  cleanupViews();
  globalThis.IntersectionObserver = originalObserver;
  FakeIntersectionObserver.instances = [];
});
afterAll(() => api.close());
