// Social login (issue 12) end to end: each of the six providers through the local OpenID provider's real
// pages (Google-style OpenID Connect and GitHub-style OAuth 2.0 with a user-info endpoint), the popup opened
// from the click, the secure site's callback handing the code to the frame that started the sign-in, the API's
// code exchange with that frame's PKCE verifier, and the embedded wallet on anvil.
// Then what goes wrong: consent denied, the popup closed by the person, a callback replayed, and login CSRF (issue
// 28): a victim who completes an attacker's sign-in link gives the attacker nothing. Opening Connect loads none of
// the embedded wallet until the person points at (or tabs to) the social logins.
import { accountOutput, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { openProviderPopup, PROVIDERS, signInAtProvider, socialLogin, uniqueUsername } from '../fixtures/social.ts';
import { expect, test } from '../fixtures/test.ts';

/** The secure site's callback page when no frame of this browser started the sign-in (src/callback/callback.ts). */
const NOT_STARTED_HERE =
  'This sign-in was not started in this browser, or the page that started it was closed. Close this window and sign in again from the site';

test.describe('social login', () => {
  for (const provider of PROVIDERS) {
    test(`${provider.name}: username and consent at the provider → Account with the username`, async ({ page, urls }, testInfo) => {
      await openDemo(page, urls);
      await socialLogin(page, provider, uniqueUsername(testInfo, provider.id));
    });
  }

  test('opening Connect loads no embedded wallet; pointing at the social logins loads it', async ({ page, urls, env }) => {
    const secureSite = new URL(env.secureSite!).origin;
    const fromSecureSite: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === secureSite) fromSecureSite.push(request.url());
    });
    await openDemo(page, urls);
    await openModal(page);
    const social = dialog(page, 'Connect Wallet').getByRole('group', { name: 'Social login' });
    await expect(social.getByRole('button', { name: 'Continue with Google', exact: true })).toBeVisible();
    // The Connect view's own after-paint work (the WalletConnect client) has its time; the secure site is not asked.
    await page.waitForLoadState('networkidle');
    expect(fromSecureSite).toEqual([]);
    await social.hover();
    await expect.poll(() => fromSecureSite.length).toBeGreaterThan(0);
  });

  test('the same provider account gets the same wallet again after signing out, and a reload keeps the login', async ({ page, urls }, testInfo) => {
    const [github] = PROVIDERS.filter((provider) => provider.id === 'github');
    const username = uniqueUsername(testInfo, 'returning');
    await openDemo(page, urls);
    const address = await socialLogin(page, github!, username);

    await page.reload();
    await expect(accountOutput(page)).toHaveText(address, { timeout: 20_000 });
    await openModal(page);
    const account = dialog(page, 'Account');
    await expect(account.getByText(username, { exact: true })).toBeVisible();
    await account.getByRole('button', { name: 'Sign out' }).click();
    await expect(accountOutput(page)).toHaveText('Not connected');

    expect(await socialLogin(page, github!, username)).toBe(address);
  });

  test('consent denied at the provider: the modal says so and nothing is connected', async ({ page, urls }, testInfo) => {
    const google = PROVIDERS[0];
    await openDemo(page, urls);
    const popup = await openProviderPopup(page, google);
    const closed = popup.waitForEvent('close');
    await signInAtProvider(popup, uniqueUsername(testInfo, 'deny'), 'Deny');
    await closed;
    const view = dialog(page, 'Log in with Google');
    await expect(view.getByRole('alert')).toHaveText('Sign-in was cancelled at the provider');
    await expect(view.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(accountOutput(page)).toHaveText('Not connected');
  });

  test('the popup closed by the person: the modal says so; Try again opens a new one and logs in', async ({ page, urls }, testInfo) => {
    const discord = PROVIDERS.find((provider) => provider.id === 'discord')!;
    await openDemo(page, urls);
    const popup = await openProviderPopup(page, discord);
    await popup.close();
    const view = dialog(page, 'Log in with Discord');
    await expect(view.getByRole('alert')).toHaveText('The sign-in window was closed before signing in');
    await expect(accountOutput(page)).toHaveText('Not connected');

    const again = page.waitForEvent('popup');
    await view.getByRole('button', { name: 'Try again' }).click();
    const second = await again;
    const closed = second.waitForEvent('close');
    const username = uniqueUsername(testInfo, 'again');
    await signInAtProvider(second, username);
    await closed;
    await expect(dialog(page, 'Account').getByText(username, { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('a callback replayed after the login, opened on its own, hands the code to no one and changes nothing', async ({ page, urls }, testInfo) => {
    const apple = PROVIDERS.find((provider) => provider.id === 'apple')!;
    await openDemo(page, urls);
    const popup = await openProviderPopup(page, apple);
    let callbackUrl = '';
    popup.on('framenavigated', (frame) => {
      if (frame === popup.mainFrame() && frame.url().includes('/social/callback')) callbackUrl = frame.url();
    });
    const closed = popup.waitForEvent('close');
    const username = uniqueUsername(testInfo, 'replay');
    await signInAtProvider(popup, username);
    await closed;
    await expect(dialog(page, 'Account').getByText(username, { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(callbackUrl).toContain('code=');

    const replay = await page.context().newPage();
    await replay.goto(callbackUrl);
    await expect(replay.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await expect(replay.getByRole('status')).toHaveText(NOT_STARTED_HERE);
    await replay.close();
    await expect(dialog(page, 'Account').getByText(username, { exact: true })).toBeVisible();
  });

  test("login CSRF: the attacker starts a sign-in and sends its link; the victim finishes it in her browser; the attacker gets no session", async ({ page, browser, urls }, testInfo) => {
    const google = PROVIDERS[0];
    // The attacker's browser: his modal waits on a sign-in whose provider link he copies.
    await openDemo(page, urls);
    // The provider link as the popup was sent to it (the provider's pages then move on to their own URLs).
    const authorizeUrls: string[] = [];
    page.context().on('request', (request) => {
      if (new URL(request.url()).searchParams.has('code_challenge')) authorizeUrls.push(request.url());
    });
    const attackersPopup = await openProviderPopup(page, google);
    const [link] = authorizeUrls;
    expect(new URL(link!).searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const victim = await browser.newContext();
    try {
      // She opens the link (from a mail: no opener) and signs in at the provider with her own account.
      const fromMail = await victim.newPage();
      await fromMail.goto(link!);
      await signInAtProvider(fromMail, uniqueUsername(testInfo, 'victim'));
      await expect(fromMail.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
      await expect(fromMail.getByRole('status')).toHaveText(NOT_STARTED_HERE);

      // The same link opened from the site itself in her browser (its wallet frame loaded): her frame did not start
      // this sign-in, so it does not take the code either.
      const site = await victim.newPage();
      await openDemo(site, urls);
      const social = (await openModal(site), dialog(site, 'Connect Wallet').getByRole('group', { name: 'Social login' }));
      await social.hover();
      const opened = site.waitForEvent('popup');
      await site.evaluate((href) => void window.open(href, 'victim-link'), link);
      const fromSite = await opened;
      await expect(fromSite.getByRole('heading', { name: `Sign in to ${google.name} (local test provider)` })).toBeVisible();
      await signInAtProvider(fromSite, uniqueUsername(testInfo, 'victim2'));
      await expect(fromSite.getByRole('status')).toHaveText(NOT_STARTED_HERE, { timeout: 15_000 });
      await expect(accountOutput(site)).toHaveText('Not connected');
    } finally {
      await victim.close();
    }

    // The attacker's own popup never saw the code; when it closes, his modal has nothing to finish with.
    await attackersPopup.close();
    await expect(dialog(page, 'Log in with Google').getByRole('alert')).toHaveText('The sign-in window was closed before signing in');
    await expect(accountOutput(page)).toHaveText('Not connected');
  });
});
