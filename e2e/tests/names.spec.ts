// Name registration end to end: the names remote (served on its own origin), the injected test
// wallet signing the registration with personal_sign on anvil, and services/api verifying the
// signature and storing the name (spec sections 4, 5, 7).
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { availability, DEVCHAIN_COIN_TYPE as COIN_TYPE, freshLabel, NAMES_PROJECT as PROJECT, namesOf, openRegisterView } from '../fixtures/names.ts';
import { dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { DEV_ACCOUNTS, expect, test } from '../fixtures/test.ts';

const ACCOUNT = DEV_ACCOUNTS[9];

async function connect(page: Page) {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Portico Test Wallet, installed', exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
}

test.describe('name registration', () => {
  test.use({ walletOptions: { account: ACCOUNT } });

  test('rules as you type, then a free name is signed, registered, shown in the header and found by reverse lookup', async ({
    page,
    urls,
    env,
  }) => {
    await openDemo(page, urls, '/');
    await connect(page);
    const view = await openRegisterView(page);
    const input = view.getByRole('textbox', { name: 'Name' });
    await expect(view.getByText('.portico.eth')).toBeVisible();

    await input.fill('abc');
    await expect(availability(page)).toHaveText('Name must be at least 4 characters');
    await input.fill('bad_name!');
    await expect(availability(page)).toHaveText('Name can only contain letters, numbers and hyphens');
    await expect(view.getByRole('button', { name: 'Register' })).toBeDisabled();

    const label = freshLabel('e2e');
    const name = `${label}.portico.eth`;
    await input.fill(label);
    await expect(availability(page)).toHaveText('Available');
    // Free variants are offered as buttons.
    await expect(view.getByRole('button', { name: `${label}-eth.portico.eth` })).toBeVisible();
    await view.getByRole('button', { name: 'Register' }).click();

    const success = dialog(page, 'Name Registered');
    await expect(success.getByText(name)).toBeVisible();
    await success.getByRole('button', { name: 'Done' }).click();
    const account = dialog(page, 'Account');
    await expect(account.getByText(name, { exact: true })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Choose a name for this account' })).toHaveCount(0);

    // The API verified the wallet's signature and stored the name for the address.
    const names = await namesOf(env.api!, ACCOUNT);
    expect(names[0]).toMatchObject({ name, addresses: { [COIN_TYPE]: { address: ACCOUNT } } });
    const identity = await (await fetch(`${env.api}/v1/identity/${ACCOUNT}?projectId=${PROJECT}`)).json();
    expect(identity.name).toBe(name);
  });

  test('a name someone else holds: Name is taken, Register stays off', async ({ page, urls, env }) => {
    // Another owner registers the name straight through the API, with a signature of their own.
    const other = privateKeyToAccount(generatePrivateKey());
    const label = freshLabel('held');
    const message = JSON.stringify({ name: `${label}.portico.eth`, attributes: {}, timestamp: Math.floor(Date.now() / 1000), chainId: 31337, coinType: COIN_TYPE });
    const registered = await fetch(`${env.api}/v1/profile/account?projectId=${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coin_type: COIN_TYPE, address: other.address, message, signature: await other.signMessage({ message }) }),
    });
    expect(registered.status).toBe(201);

    await openDemo(page, urls, '/');
    await connect(page);
    const view = await openRegisterView(page);
    await view.getByRole('textbox', { name: 'Name' }).fill(label);
    await expect(availability(page)).toHaveText('Name is taken');
    await expect(view.getByRole('button', { name: 'Register' })).toBeDisabled();
    // Suggestions stay free.
    await view.getByRole('button', { name: `${label}-eth.portico.eth` }).click();
    await expect(availability(page)).toHaveText('Available');
  });
});
