import { describe, expect, it } from '@rstest/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { AppKitButton, createAppKit, useAppKitAccount, useAppKitState } from '../src/index';

function Status() {
  const { isConnected, status } = useAppKitAccount();
  const { initialized } = useAppKitState();
  return <output aria-label="status">{`${status} ${isConnected} ${initialized}`}</output>;
}

describe('@portico/react', () => {
  it('renders on a server before any instance: AppKit’s button and a fresh instance’s account', () => {
    const html = renderToString(
      <>
        <AppKitButton />
        <Status />
      </>,
    );
    expect(html).toContain('Connect Wallet');
    expect(html).toContain('disconnected false false');
  });

  it('createAppKit returns an instance at once; a shell that cannot load leaves the hooks at a fresh instance’s values, rejects actions and says why', async () => {
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      render(<Status />);
      expect(screen.getByRole('status', { name: 'status' }).textContent).toBe('disconnected false false');
      // No shell answers at this address: the instance still exists; its load fails and says so.
      let handle!: ReturnType<typeof createAppKit>;
      act(() => {
        handle = createAppKit({ projectId: 'test-project', networks: [], cdnBase: 'http://127.0.0.1:9/' });
      });
      expect(screen.getByRole('status', { name: 'status' }).textContent).toBe('disconnected false false');
      await expect(handle.ready).rejects.toBeDefined();
      await expect(handle.open()).rejects.toBeDefined();
      expect(errors.some((args) => String(args).includes('[portico] the modal could not start'))).toBe(true);
    } finally {
      console.error = consoleError;
      cleanup();
    }
  });
});
