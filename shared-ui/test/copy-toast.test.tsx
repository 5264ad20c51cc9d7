import { announcementAtom, toastAtom } from '@portico/shared-state';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { CopyButton } from '../src/copy-button';
import { EmptyState, StatusLine } from '../src/status';
import { stopTestCores, testCore } from '@portico/test-kit';
import { renderInStore } from '@portico/test-kit/react';

const original = Object.getOwnPropertyDescriptor(globalThis.navigator, 'clipboard');
afterEach(() => {
  cleanup();
  stopTestCores();
  if (original) Object.defineProperty(globalThis.navigator, 'clipboard', original);
  else delete (globalThis.navigator as { clipboard?: unknown }).clipboard;
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(globalThis.navigator, 'clipboard', { configurable: true, value: { writeText } });
}

describe('CopyButton', () => {
  it('copies the value, shows the success toast and announces it', async () => {
    const written: string[] = [];
    stubClipboard(async (text) => void written.push(text));
    const { core } = await testCore({ start: false });
    renderInStore(
      <CopyButton portico={core} value="0xabc" label="Copy address" copiedMessage="Address copied" failedMessage="Could not copy the address" iconOnly />,
      core,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, variant: 'success', message: 'Address copied' }));
    expect(core.store.get(announcementAtom)).toBe('Address copied');
    expect(written).toEqual(['0xabc']);
  });

  it('announce={false}: the toast only, nothing in the live region', async () => {
    stubClipboard(async () => {});
    const { core } = await testCore({ start: false });
    renderInStore(
      <CopyButton portico={core} value="wc:1" label="Copy link" copiedMessage="Link copied" failedMessage="Could not copy the link" announce={false} />,
      core,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, variant: 'success', message: 'Link copied' }));
    expect(core.store.get(announcementAtom)).not.toBe('Link copied');
  });

  it('reads a changing value at click time, and shows the error toast when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    const { core } = await testCore({ start: false });
    renderInStore(
      <CopyButton portico={core} value={() => 'wc:1'} label="Copy link" copiedMessage="Link copied" failedMessage="Could not copy the link" />,
      core,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, variant: 'error', message: 'Could not copy the link' }));
  });
});

describe('StatusLine and EmptyState', () => {
  it('a status line is a status with its text; an empty state is plain text', () => {
    render(
      <>
        <StatusLine>Loading wallets…</StatusLine>
        <EmptyState>No NFTs yet</EmptyState>
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading wallets…');
    expect(screen.getByText('No NFTs yet')).toBeTruthy();
  });
});
