import { minimalOptions } from '@portico/test-kit';
import { afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createPortico, type PorticoInstance } from '../src/portico';
import { HOST_PAGE_SERVER_HTML, HostPage } from './ssr-host';
import { unreachableRemotes } from './helpers';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const cleanups: Array<() => void> = [];
afterEach(() => {
  act(() => cleanups.splice(0).forEach((cleanup) => cleanup()));
  rs.restoreAllMocks();
});

function createTestPortico(): PorticoInstance {
  const portico = createPortico(minimalOptions({ remotes: unreachableRemotes }));
  cleanups.push(() => portico.destroy());
  return portico;
}

/**
 * Puts the server's HTML for <HostPage /> in the document and hydrates it, as a browser does.
 * @returns Every hydration error React reported (recoverable ones and console.error).
 */
function hydrateHostPage(): unknown[] {
  const errors: unknown[] = [];
  rs.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  const container = document.createElement('div');
  container.innerHTML = HOST_PAGE_SERVER_HTML;
  document.body.append(container);
  let root!: Root;
  act(() => {
    root = hydrateRoot(container, <HostPage />, { onRecoverableError: (error) => void errors.push(error) });
  });
  cleanups.push(() => {
    root.unmount();
    container.remove();
  });
  return errors;
}

describe('hydrating server-rendered HTML', () => {
  // First in this file: no createPortico has run yet.
  it('matches when createPortico runs after hydration, and the page then shows the instance', async () => {
    const errors = hydrateHostPage();
    expect(errors).toEqual([]);
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.getByText('Account: Not connected')).toBeTruthy();

    act(() => void createTestPortico());
    expect(await screen.findByText('Session restored')).toBeTruthy();
    expect(screen.getByText('Network: Anvil Local')).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('matches when createPortico ran before hydration (at module level, as AppKit documents), then shows the instance', async () => {
    let portico!: PorticoInstance;
    act(() => {
      portico = createTestPortico();
    });
    const errors = hydrateHostPage();
    expect(await screen.findByText('Session restored')).toBeTruthy();
    expect(screen.getByText('Network: Anvil Local')).toBeTruthy();
    expect(errors).toEqual([]);

    screen.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect.poll(() => portico.getState().open).toBe(true);
  });
});
