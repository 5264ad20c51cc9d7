/**
 * SHOW_EXPORT through the real frame channel (test/framed-page.ts), the real secure-site server and the API double:
 * the code asked of the API and the screen handed where it went; the key only for that code, through the page's
 * device-proven /wallet/export, and it is the account's; a wrong or used code refused in the server's words; the
 * modal's CANCEL_APPROVAL and a sign-out ending the screen; an account without an email (the double's Farcaster user)
 * refused before any screen; a page without the screen refused before any mail.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { privateKeyToAccount } from 'viem/accounts';
import { NO_EXPORT_SCREEN, type KeyExport } from '../src/page/export';
import { startSecureSite, type RunningSecureSite } from '../src/server';
import { EXPORT_MESSAGES, startApiDouble, type ApiDouble } from './api-double';
import { framedPage as framedPageOf, type FramedPageOptions } from './framed-page';

let api: ApiDouble;
let site: RunningSecureSite;

beforeAll(async () => {
  api = await startApiDouble();
  site = await startSecureSite({ port: 0, apiUrl: api.url, key: randomBytes(32).toString('hex'), distDir: tmpdir() });
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

/** A framed page whose export screen is a list: each export the wallet handed it. */
function exportingPage(options: FramedPageOptions = {}) {
  const shown: KeyExport[] = [];
  const page = framedPageOf({ apiUrl: api.url, siteUrl: site.url }, { showExport: (keyExport) => void shown.push(keyExport), ...options });
  return { ...page, shown };
}

/** Signed in by email as `name`@example.com: the account's address (the double's user id is `user-<name>`). */
async function emailSignIn(page: Pick<ReturnType<typeof framedPageOf>, 'request'>, name: string): Promise<string> {
  await page.request('CONNECT_EMAIL', { email: `${name}@example.com` });
  const user = await page.request('CONNECT_OTP', { otp: '123456' });
  expect(user.event).toBe('@portico-frame/CONNECT_OTP_SUCCESS');
  return user.payload.address;
}

describe('SHOW_EXPORT', () => {
  test('a fresh code asked of the API, the screen handed where it went; the key only for that code, once, and it is the account\'s', async () => {
    const page = exportingPage();
    const address = await emailSignIn(page, 'exporter');
    expect(await page.request('SHOW_EXPORT', {})).toMatchObject({ event: '@portico-frame/SHOW_EXPORT_SUCCESS', payload: {} });
    expect(api.calls).toContain('POST /v1/auth/export/code');
    expect(page.shown).toHaveLength(1);
    const [keyExport] = page.shown;
    expect(keyExport!.email).toBe('user-exporter@example.com');
    expect(keyExport!.signal.aborted).toBe(false);

    const code = api.exportCodes.get('user-exporter')!.code;
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(keyExport!.reveal(wrong)).rejects.toThrow(EXPORT_MESSAGES.invalid);
    const key = await keyExport!.reveal(code);
    expect(key.address).toBe(address);
    expect(privateKeyToAccount(key.privateKey as `0x${string}`).address).toBe(address);
    await expect(keyExport!.reveal(code)).rejects.toThrow(EXPORT_MESSAGES.noCode);
    // Nothing of it went to the parent page.
    expect(JSON.stringify(page.notifications)).not.toContain(key.privateKey.slice(2));
  });

  test("the modal's CANCEL_APPROVAL, a newer export and a sign-out each end the export on screen", async () => {
    const page = exportingPage();
    await emailSignIn(page, 'leaver');
    await page.request('SHOW_EXPORT', {});
    await page.request('CANCEL_APPROVAL', {});
    expect(page.shown[0]!.signal.aborted).toBe(true);
    await page.request('SHOW_EXPORT', {});
    await page.request('SHOW_EXPORT', {});
    expect(page.shown[1]!.signal.aborted).toBe(true);
    expect(page.shown[2]!.signal.aborted).toBe(false);
    await page.request('SIGN_OUT', {});
    expect(page.shown[2]!.signal.aborted).toBe(true);
  });

  test('an account without an email address: the API\'s words, no screen; a page without the screen: refused before any mail', async () => {
    const page = exportingPage({ sleep: async () => {} });
    await page.request('GET_FARCASTER_URI', {});
    expect((await page.request('CONNECT_FARCASTER', {})).event).toBe('@portico-frame/CONNECT_FARCASTER_SUCCESS');
    expect(await page.request('SHOW_EXPORT', {})).toMatchObject({ event: '@portico-frame/SHOW_EXPORT_ERROR', payload: { message: EXPORT_MESSAGES.needsEmail } });
    expect(page.shown).toEqual([]);

    const codesBefore = api.calls.filter((call) => call === 'POST /v1/auth/export/code').length;
    const blind = framedPageOf({ apiUrl: api.url, siteUrl: site.url });
    await emailSignIn(blind, 'blind');
    expect(await blind.request('SHOW_EXPORT', {})).toMatchObject({ event: '@portico-frame/SHOW_EXPORT_ERROR', payload: { message: NO_EXPORT_SCREEN } });
    expect(api.calls.filter((call) => call === 'POST /v1/auth/export/code')).toHaveLength(codesBefore);
  });
});
