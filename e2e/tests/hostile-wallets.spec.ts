// Issue 29: a page script announcing hostile EIP-6963 wallets must not break the Connect view, nor the views after it.
import type { Locator, Page } from '@playwright/test';
import { WALLET, dialog, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

/** shared-state's MAX_ANNOUNCED_WALLETS: wallets (rdns) taken from one page's announcements. */
const ANNOUNCED_WALLETS_CAP = 50;
/** The connect remote's MAX_SHOWN_NAME_GRAPHEMES: a longer name is drawn this long, then an ellipsis. */
const SHOWN_NAME_GRAPHEMES = 24;

/** 100 of the widest Latin letter and no space: one unbreakable line if drawn as announced. */
const LONG_NAME = 'W'.repeat(100);
/** The right-to-left override makes "Safegnp.exe" read "Safeexe.png"; zero-width characters and a joiner around. */
const BIDI_NAME = 'Safe\u202Egnp.exe\u202C\u200B Wa\u200Dllet\u2060\uFEFF\u2066';
const BIDI_NAME_SHOWN = 'Safegnp.exe Wallet';
const FLOOD = 200;
/** Bidi controls (embeddings, overrides, isolates, marks) and invisible characters none of the names may keep. */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/;

/** A 300-character word: what a hostile wallet's error says when it refuses. */
const LONG_ERROR = 'E'.repeat(300);

/**
 * How the hostile wallets answer: `undecided` never does (picked, ConnectingExternal keeps waiting: "Continue in …");
 * `connecting` grants anvil's first account and leaves every other prompt (a signature) open; `failing` refuses
 * every request with `error`.
 */
type HostileBehaviour = 'undecided' | 'connecting' | 'failing';

/** Runs in the page before its scripts: announces the hostile wallets now and on every request, as extensions do. */
function announceHostileWallets({ names, behaviour, error }: { names: string[]; behaviour: HostileBehaviour; error: string }) {
  const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#c33"/></svg>')}`;
  const open = () => new Promise(() => undefined);
  const answers: Record<HostileBehaviour, (method: string) => Promise<unknown>> = {
    undecided: open,
    connecting: (method) =>
      method === 'eth_requestAccounts' || method === 'eth_accounts'
        ? Promise.resolve(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
        : method === 'eth_chainId'
          ? Promise.resolve('0x7a69')
          : open(),
    failing: () => Promise.reject(Object.assign(new Error(error), { code: -32603 })),
  };
  const provider = { request: ({ method }: { method: string }) => answers[behaviour](method) };
  const details = names.map((name, index) =>
    Object.freeze({
      info: Object.freeze({ uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, name, icon, rdns: `com.hostile.w${index}` }),
      provider,
    }),
  );
  const announce = () => {
    for (const detail of details) window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** The demo page at `path` with the long-named, the bidi-named and the flood of wallets behaving so; the modal open. */
async function openWithHostileWallets(page: Page, demoUrl: string, { behaviour, path = '/' }: { behaviour: HostileBehaviour; path?: string }) {
  const names = [LONG_NAME, BIDI_NAME, ...Array.from({ length: FLOOD }, (_, index) => `Flood ${index}`)];
  await page.addInitScript(announceHostileWallets, { names, behaviour, error: LONG_ERROR });
  await page.goto(demoUrl + path);
  await openModal(page);
  return dialog(page, 'Connect Wallet');
}

/** `inner`'s box lies across no side of `outer`'s (half a pixel for rounding). */
async function expectInside(inner: Locator, outer: Locator) {
  const [box, frame] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  expect(box && frame).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(frame!.x - 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 0.5);
}

/** Each of `parts` is visible inside `view`, and nothing in `view` is wider than it (no horizontal scroll). */
async function expectWithinWidth(view: Locator, parts: Locator[]) {
  for (const part of parts) await expect(part).toBeVisible();
  expect(await view.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  for (const part of parts) await expectInside(part, view);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`Connect with hostile wallets (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('lists at most the cap, clamps the long name, drops invisible characters and keeps the layout', async ({ page, urls }) => {
      const view = await openWithHostileWallets(page, urls.demo, { behaviour: 'undecided' });
      const wallets = view.getByRole('list', { name: 'Wallets' });

      // The test wallet announced first, then the long and the bidi name: the flood fills what is left of the cap.
      const floodShown = ANNOUNCED_WALLETS_CAP - 3;
      await expect(wallets.getByRole('button', { name: /^Flood \d+, installed$/ })).toHaveCount(floodShown);
      await expect(wallets.getByRole('button', { name: `Flood ${floodShown - 1}, installed`, exact: true })).toBeVisible();
      await expect(wallets.getByRole('button', { name: `Flood ${floodShown}, installed`, exact: true })).toHaveCount(0);
      await expect(wallets.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();

      // The long name: its whole self is the accessible name, drawn clamped with an ellipsis.
      const longWallet = wallets.getByRole('button', { name: `${LONG_NAME}, installed`, exact: true });
      await expect(longWallet).toBeVisible();
      await expect(longWallet.getByText(`${LONG_NAME.slice(0, SHOWN_NAME_GRAPHEMES)}…`, { exact: true })).toBeVisible();

      // The bidi name reads and draws without its controls; no name in the list keeps one.
      const bidiWallet = wallets.getByRole('button', { name: `${BIDI_NAME_SHOWN}, installed`, exact: true });
      await expect(bidiWallet).toBeVisible();
      expect(await bidiWallet.textContent()).not.toMatch(INVISIBLE);
      expect(await wallets.ariaSnapshot()).not.toMatch(INVISIBLE);

      // The layout: nothing wider than the dialog, the Continue labels and the long row's tag inside it.
      await expectWithinWidth(view, [
        view.getByRole('button', { name: 'Continue', exact: true }),
        view.getByRole('button', { name: 'Continue with Google', exact: true }),
        longWallet,
        longWallet.getByText('installed', { exact: true }),
        bidiWallet,
      ]);
    });

    test('picking the long-named wallet: ConnectingExternal names it and stays within the dialog', async ({ page, urls }) => {
      await (await openWithHostileWallets(page, urls.demo, { behaviour: 'undecided' })).getByRole('button', { name: `${LONG_NAME}, installed`, exact: true }).click();

      // The shell's title names the dialog with the whole name; the view draws it clamped, as its row did.
      const view = dialog(page, LONG_NAME);
      await expectWithinWidth(view, [
        view.getByRole('button', { name: 'Back', exact: true }),
        view.getByRole('heading', { name: LONG_NAME, exact: true }),
        view.getByRole('button', { name: 'Close', exact: true }),
        view.getByText(`Continue in ${LONG_NAME.slice(0, SHOWN_NAME_GRAPHEMES)}…`, { exact: true }),
        view.getByRole('status').filter({ hasText: 'Accept the connection request in the wallet' }),
      ]);
    });

    test('signing in with the long-named wallet: the prompt waiting on it stays within the dialog', async ({ page, urls }) => {
      await (await openWithHostileWallets(page, urls.demo, { behaviour: 'connecting', path: '/?siwx=required' }))
        .getByRole('button', { name: `${LONG_NAME}, installed`, exact: true })
        .click();
      const view = dialog(page, 'Sign In');
      await view.getByRole('button', { name: 'Sign', exact: true }).click();
      await expectWithinWidth(view, [
        view.getByRole('status').filter({ hasText: `Authenticating... Continue in ${LONG_NAME}` }),
        view.getByRole('button', { name: 'Cancel', exact: true }),
        view.getByRole('button', { name: 'Sign', exact: true }),
      ]);
    });

    test("a wallet's long error stays within the dialog", async ({ page, urls }) => {
      await (await openWithHostileWallets(page, urls.demo, { behaviour: 'failing' })).getByRole('button', { name: `${BIDI_NAME_SHOWN}, installed`, exact: true }).click();
      const view = dialog(page, BIDI_NAME_SHOWN);
      await expectWithinWidth(view, [
        view.getByRole('alert').filter({ hasText: LONG_ERROR }),
        view.getByRole('button', { name: 'Try again', exact: true }),
      ]);
    });
  });
}
