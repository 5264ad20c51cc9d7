import { toastAtom } from '@portico/shared-state';
import { embeddedTestWallet, FARCASTER_TEST_URL, FARCASTER_TEST_USERNAME, frameError, testCore } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import ConnectingFarcaster from '../src/views/ConnectingFarcaster';

afterEach(cleanupViews);

const QR_NAME = 'QR code to sign in with Farcaster';

/**
 * ConnectingFarcaster as Connect's "Continue with Farcaster" opens it. The person has not approved in the app until
 * the test releases `approval` (CONNECT_FARCASTER); with `holdUrl` the relay's channel (GET_FARCASTER_URI) waits too.
 */
async function farcasterView({ holdUrl = false } = {}) {
  const embedded = embeddedTestWallet();
  const url = holdUrl ? embedded.hold('GET_FARCASTER_URI') : undefined;
  const approval = embedded.hold('CONNECT_FARCASTER');
  const { core } = await testCore({ embedded: embedded.handle });
  renderView(ConnectingFarcaster, { core });
  return { ...embedded, core, url, approval };
}

const farcasterRequests = (requests: { name: string }[]) => requests.filter(({ name }) => name.includes('FARCASTER')).map(({ name }) => name);

describe('ConnectingFarcaster', () => {
  it('starts the sign-in on opening and says it is preparing until the URL arrives', async () => {
    const { url, requests } = await farcasterView({ holdUrl: true });
    // After the wallet's own loading panel.
    expect((await screen.findByText('Preparing QR code…')).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Farcaster' })).toBeNull();
    await waitFor(() => expect(farcasterRequests(requests)).toEqual(['GET_FARCASTER_URI']));
    act(() => url!.release());
    expect(await screen.findByRole('img', { name: QR_NAME })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the QR code of the URL, the instruction, Open Farcaster and Copy link while the app has not approved', async () => {
    const { core, requests } = await farcasterView();
    const qr = await screen.findByRole('img', { name: QR_NAME });
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText("Scan this QR code with your phone's camera or the Farcaster app")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')).toBe(FARCASTER_TEST_URL);
    expect(farcasterRequests(requests)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);

    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, message: 'Link copied', variant: 'success' }));
    expect(written).toEqual([FARCASTER_TEST_URL]);
  });

  it('says "Signing in…" (busy) once the app approved, until the controller shows Account', async () => {
    const { approval, wallet } = await farcasterView();
    await screen.findByRole('img', { name: QR_NAME });
    act(() => approval.release());
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Signing in…');
    expect(status.closest('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByRole('img', { name: QR_NAME })).toBeNull();
    expect(wallet.farcaster.getSnapshot()).toMatchObject({ step: 'connected', user: { userName: FARCASTER_TEST_USERNAME } });
  });

  it("shows the frame's error as sent; Try again asks for a new URL", async () => {
    const { approval, requests } = await farcasterView();
    await screen.findByRole('img', { name: QR_NAME });
    act(() => approval.fail('The custody address of this Farcaster account does not match'));
    expect((await screen.findByRole('alert')).textContent).toBe('The custody address of this Farcaster account does not match');
    expect(screen.queryByRole('img', { name: QR_NAME })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: QR_NAME })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(farcasterRequests(requests)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
  });

  it('keeps an earlier error on screen when it opens, rather than starting over', async () => {
    const embedded = embeddedTestWallet({
      GET_FARCASTER_URI: () => {
        throw frameError('Could not reach the Farcaster relay');
      },
    });
    embedded.wallet.farcaster.start();
    await waitFor(() => expect(embedded.wallet.farcaster.getSnapshot().error).toBe('Could not reach the Farcaster relay'));
    const { core } = await testCore({ embedded: embedded.handle });
    renderView(ConnectingFarcaster, { core });
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reach the Farcaster relay');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(farcasterRequests(embedded.requests)).toEqual(['GET_FARCASTER_URI']);
  });

  it('says so on a site without the embedded wallet', async () => {
    const { core } = await testCore();
    renderView(ConnectingFarcaster, { core });
    expect(screen.getByRole('alert').textContent).toBe('Farcaster login is not enabled');
  });
});
