import { routerAtom } from '@portico/shared-state';
import { EMBEDDED_TEST_EMAIL, embeddedTestWallet, frameError, testCore, type FrameScript } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import UpdateEmail from '../src/views/UpdateEmail';

afterEach(cleanupViews);

/** Signed in as ada@example.com, on Account → UpdateEmail. */
async function updateEmailView(script: FrameScript = {}) {
  const embedded = embeddedTestWallet(script);
  await embedded.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
  await embedded.wallet.login.submitCode('123456');
  // The login above wrote the 30 s throttle's time; a new login clears it, so UPDATE_EMAIL may mail at once.
  const { core } = await testCore({ embedded: embedded.handle, views: ['Account', 'UpdateEmail'] });
  renderView(UpdateEmail, { core });
  return { core, embedded };
}

const type = async (name: string, value: string) => fireEvent.change(await screen.findByRole('textbox', { name }), { target: { value } });

describe('UpdateEmail', () => {
  it('changes the email after the code to the current address, then the one to the new address', async () => {
    const { embedded } = await updateEmailView();
    await type('New email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(`Enter the code we sent to ${EMBEDDED_TEST_EMAIL}`)).toBeTruthy();
    await type('Code', '111111');
    expect(await screen.findByText('Enter the code we sent to grace@example.com')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement).value).toBe('');
    await type('Code', '654321');

    expect((await screen.findByRole('status')).textContent).toBe('Your email is now grace@example.com');
    expect(embedded.requests.map((request) => request.name).slice(-3)).toEqual(['UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP']);
    expect(embedded.wallet.login.getSnapshot().email).toBe('grace@example.com');
  });

  it('a code short of six digits or refused by the secure site shows the alert and keeps the step', async () => {
    const { embedded } = await updateEmailView({
      UPDATE_EMAIL_PRIMARY_OTP: () => {
        throw frameError('Invalid code');
      },
    });
    await type('New email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await type('Code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Must be a 6-digit code');
    expect(embedded.requests.some((request) => request.name === 'UPDATE_EMAIL_PRIMARY_OTP')).toBe(false);

    await type('Code', '999999');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid code'));
    expect(screen.getByText(`Enter the code we sent to ${EMBEDDED_TEST_EMAIL}`)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true');
    expect(embedded.wallet.login.getSnapshot().email).toBe(EMBEDDED_TEST_EMAIL);
  });

  it('shows the store refusing the new address', async () => {
    await updateEmailView();
    await type('New email', EMBEDDED_TEST_EMAIL);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The new email is the current one');
    expect(screen.getByRole('textbox', { name: 'New email' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('Cancel during a code step leaves the update and goes back to Account', async () => {
    const { core, embedded } = await updateEmailView();
    await type('New email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(core.store.get(routerAtom).view).toBe('Account'));
    expect(embedded.wallet.login.getSnapshot()).toMatchObject({ step: 'connected', email: EMBEDDED_TEST_EMAIL, newEmail: undefined });
  });
});
