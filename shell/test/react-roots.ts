import { stopTestCores } from '@portico/test-kit';
import { afterEach, beforeAll, rs } from '@rstest/core';
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const roots: Root[] = [];

/**
 * For a test file that renders into React roots of its own: act() environment on, and after each test every root
 * kept here unmounted, the page emptied, the test cores stopped and mocks restored.
 */
export function unmountRootsAfterEach() {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => roots.splice(0).forEach((root) => root.unmount()));
    document.body.replaceChildren();
    stopTestCores();
    rs.restoreAllMocks();
  });
}

/** Keeps a root (e.g. hydrateRoot's) for the cleanup above. */
export function keepRoot(root: Root): Root {
  roots.push(root);
  return root;
}

/** Renders `page` into a new element in the body (act()ed). */
export function render(page: ReactNode) {
  const root = keepRoot(createRoot(document.body.appendChild(document.createElement('div'))));
  act(() => root.render(page));
}

/** Renders a component calling `useHooks` and hands back what its last render returned. */
export function renderHook<T>(useHooks: () => T): () => T {
  const last: { current?: T } = {};
  function Probe() {
    last.current = useHooks();
    return null;
  }
  render(createElement(Probe));
  return () => last.current!;
}
