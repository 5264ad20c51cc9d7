import { EMBEDDED_STORAGE_KEYS } from '@portico/shared-state/embedded';
import { embeddedTestWallet, EMBEDDED_TEST_EMAIL, eventually, frameError, testCore, type FrameScript } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import EmailVerifyDevice from '../src/views/EmailVerifyDevice';
import EmailVerifyOtp from '../src/views/EmailVerifyOtp';

afterEach(cleanupViews);

/** A login past CONNECT_EMAIL (a code login unless the script says otherwise), then the view. */
async function verifyView(View: typeof EmailVerifyOtp, script: FrameScript = {}) {
  const embedded = embeddedTestWallet(script);
  const { core } = await testCore({ embedded: embedded.handle });
  void embedded.wallet.login.submitEmail(EMBEDDED_TEST_EMAIL);
  await eventually(() => expect(embedded.wallet.login.getSnapshot().step).toMatch(/^verify-/));
  renderView(View, { core });
  await screen.findByRole('button', { name: /^Resend/ });
  /** The 30 s throttle (spec section 5) over: the next mail may be asked for. */
  const throttleOver = () => embedded.storage.removeItem(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt);
  const sent = (name: string) => embedded.requests.filter((request) => request.name === name);
  return { ...embedded, core, throttleOver, sent };
}

const codeField = () => screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
const typeCode = (code: string) => fireEvent.change(codeField(), { target: { value: code } });

describe('EmailVerifyOtp', () => {
  it('names the address and sends the code by itself at 6 digits', async () => {
    const { sent, wallet } = await verifyView(EmailVerifyOtp);
    expect(screen.getByText(`Enter the code we sent to ${EMBEDDED_TEST_EMAIL}`)).toBeTruthy();
    const field = codeField();
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.maxLength).toBe(6);
    typeCode('12 3a4');
    expect(field.value).toBe('1234');
    expect(sent('CONNECT_OTP')).toEqual([]);
    typeCode('123456');
    await waitFor(() => expect(sent('CONNECT_OTP')).toEqual([{ name: 'CONNECT_OTP', payload: { otp: '123456' } }]));
    await waitFor(() => expect(wallet.login.getSnapshot().step).toBe('connected'));
  });

  it('sends with Confirm, and shows a short code refused by the store', async () => {
    const { sent } = await verifyView(EmailVerifyOtp);
    typeCode('123');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Must be a 6-digit code');
    expect(sent('CONNECT_OTP')).toEqual([]);
  });

  it("shows the frame's refusal as an alert; the field keeps focus and takes another code", async () => {
    const { sent, wallet } = await verifyView(EmailVerifyOtp, {
      CONNECT_OTP: ({ otp }: { otp: string }) => {
        if (otp !== '654321') throw frameError('Invalid code');
      },
    });
    codeField().focus();
    typeCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code');
    expect(document.activeElement).toBe(codeField());
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    typeCode('654321');
    await waitFor(() => expect(wallet.login.getSnapshot().step).toBe('connected'));
    expect(sent('CONNECT_OTP').map((request) => request.payload)).toEqual([{ otp: '123456' }, { otp: '654321' }]);
  });

  it('is busy while the code is checked: Confirm disabled, same name', async () => {
    let answer!: () => void;
    await verifyView(EmailVerifyOtp, { CONNECT_OTP: () => new Promise<void>((resolve) => (answer = resolve)) });
    typeCode('123456');
    const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm().disabled).toBe(true));
    expect(confirm().getAttribute('aria-busy')).toBe('true');
    answer();
    await waitFor(() => expect(confirm().disabled).toBe(false));
  });

  it('resends the code, refused within 30 s of the last mail', async () => {
    const { sent, throttleOver } = await verifyView(EmailVerifyOtp);
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Please try again after (30|29) seconds$/);
    expect(sent('CONNECT_EMAIL')).toHaveLength(1);
    throttleOver();
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(sent('CONNECT_EMAIL')).toHaveLength(2));
    expect(sent('CONNECT_EMAIL').map((request) => request.payload)).toEqual([{ email: EMBEDDED_TEST_EMAIL }, { email: EMBEDDED_TEST_EMAIL }]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('EmailVerifyDevice', () => {
  /** A new device: the secure site waits for the link in the mail, here until the test ends. */
  const newDevice: FrameScript = { CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }), CONNECT_DEVICE: () => new Promise(() => undefined) };

  it('names the address and waits for the approval', async () => {
    await verifyView(EmailVerifyDevice, newDevice);
    expect(screen.getByText('Register this device to continue')).toBeTruthy();
    expect(screen.getByText(`Approve the login link we sent to ${EMBEDDED_TEST_EMAIL}`)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Waiting for approval…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('resends the link, refused within 30 s of the last mail', async () => {
    const { sent, throttleOver } = await verifyView(EmailVerifyDevice, newDevice);
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Please try again after (30|29) seconds$/);
    throttleOver();
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await waitFor(() => expect(sent('CONNECT_EMAIL')).toHaveLength(2));
    expect(sent('CONNECT_EMAIL').map((request) => request.payload)).toEqual([{ email: EMBEDDED_TEST_EMAIL }, { email: EMBEDDED_TEST_EMAIL }]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Waiting for approval…'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
