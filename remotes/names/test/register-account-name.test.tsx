import { PORTICO_CONTRACT, activeAccountAtom, namesAtom } from '@portico/shared-state';
import { ACCOUNT, apiStub, DEVCHAIN_COIN_TYPE, profileRoutes, RECEIVER, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import RegisterAccountName, { porticoContract, porticoUiContract } from '../src/views/RegisterAccountName';
import RegisterAccountNameSuccess, { porticoContract as successContract } from '../src/views/RegisterAccountNameSuccess';

const SIGNATURE = `0x${'12'.repeat(65)}`;
/** The API's name table (full name → owner); each test starts with one taken name. */
const names = new Map<string, string>();
let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(profileRoutes(names));
});
afterAll(() => api.close());
beforeEach(() => {
  names.clear();
  names.set('taken.portico.eth', RECEIVER);
});
afterEach(cleanupViews);

const nameInput = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const status = () => screen.getByText((_, element) => element?.getAttribute('aria-live') === 'polite' && element.getAttribute('role') === 'status');
const registerButton = () => screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement;
const type = (value: string) => fireEvent.change(nameInput(), { target: { value } });
// The spec's 500 ms debounce runs for real.
const WAIT = { timeout: 3000 };

/** Connected, RegisterAccountName opened from Account; the wallet signs with SIGNATURE. */
async function openView() {
  const { core, adapter } = await testCore({ api, connect: true, views: ['Account', 'RegisterAccountName'], adapter: { signature: SIGNATURE } });
  renderView(RegisterAccountName, { core });
  return { core, adapter };
}

describe('RegisterAccountName', () => {
  it('exports the contract; the Name input shows the .portico.eth zone', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    expect(successContract).toBe(PORTICO_CONTRACT);
    expect(porticoUiContract).toBe(2);
    await openView();
    const input = nameInput();
    const describedBy = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy[0]).toBe('.portico.eth');
    expect(registerButton().disabled).toBe(true);
  });

  it('too short and bad characters: the rule, no lookup, Register stays off', async () => {
    await openView();
    type('abc');
    await waitFor(() => expect(status().textContent).toBe('Name must be at least 4 characters'), WAIT);
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    type('bad_name');
    await waitFor(() => expect(status().textContent).toBe('Name can only contain letters, numbers and hyphens'), WAIT);
    expect(registerButton().disabled).toBe(true);
    expect(api.requests.filter((r) => r.path.startsWith('/v1/profile/account/'))).toHaveLength(0);
  });

  it('hyphens at either end or twice in a row, xn-- labels and look-alike letters: the rule, no lookup', async () => {
    await openView();
    const rules: Array<[string, string]> = [
      ['-alice', 'Name cannot start or end with a hyphen'],
      ['alice-', 'Name cannot start or end with a hyphen'],
      ['xn--nxasmq6b', 'Name cannot contain two hyphens in a row'],
      ['\u212Aelvin', 'Name can only contain letters, numbers and hyphens'],
    ];
    for (const [label, rule] of rules) {
      type(label);
      await waitFor(() => expect(status().textContent).toBe(rule), WAIT);
      expect(registerButton().disabled).toBe(true);
    }
    expect(api.requests.filter((r) => r.path.startsWith('/v1/profile/account/'))).toHaveLength(0);
  });

  it('checks once after typing stops: a taken name says so and offers free suggestions', async () => {
    await openView();
    for (const value of ['t', 'ta', 'tak', 'take', 'taken']) type(value);
    expect(status().textContent).toBe('Checking…');
    await waitFor(() => expect(status().textContent).toBe('Name is taken'), WAIT);
    expect(api.requests.filter((r) => r.path.startsWith('/v1/profile/account/')).map((r) => r.path)).toEqual([
      '/v1/profile/account/taken.portico.eth',
    ]);
    expect(registerButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'taken-eth.portico.eth' }));
    expect(nameInput().value).toBe('taken-eth');
    await waitFor(() => expect(status().textContent).toBe('Available'), WAIT);
    expect(registerButton().disabled).toBe(false);
  });

  it('Register: the wallet signs, the API stores, the success view shows the name; Done → Account with the name', async () => {
    const { core, adapter } = await openView();
    type('Gwen-42');
    await waitFor(() => expect(status().textContent).toBe('Available'), WAIT);
    fireEvent.click(registerButton());
    await waitFor(() => expect(core.router.current().view).toBe('RegisterAccountNameSuccess'));

    // The coin type is signed, equal to the body's coin_type.
    expect(JSON.parse(adapter.signed[0]!)).toMatchObject({ name: 'gwen-42.portico.eth', attributes: {}, chainId: 31337, coinType: DEVCHAIN_COIN_TYPE });
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body)).toEqual({ coin_type: DEVCHAIN_COIN_TYPE, address: ACCOUNT, message: adapter.signed[0], signature: SIGNATURE });
    expect(core.store.get(activeAccountAtom).profileName).toBe('gwen-42.portico.eth');

    cleanup();
    renderView(RegisterAccountNameSuccess, { core });
    expect(screen.getByRole('status').textContent).toContain('gwen-42.portico.eth');
    // On a narrow screen the name breaks after its dots, not inside a label.
    expect(screen.getByText((_, element) => element?.textContent === 'gwen-42.portico.eth' && element.tagName === 'P').querySelectorAll('wbr')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(core.router.current()).toMatchObject({ view: 'Account', history: ['Account'] });
    expect(core.store.get(namesAtom).label).toBe('');
    // Identity sync on the test network keeps the name this session registered.
    await core.accountData.syncIdentity();
    expect(core.store.get(activeAccountAtom).profileName).toBe('gwen-42.portico.eth');
  });

  it('declined in the wallet: stays here with the spec error and the name kept', async () => {
    const { core, adapter } = await openView();
    adapter.declining = true;
    type('helen');
    await waitFor(() => expect(registerButton().disabled).toBe(false), WAIT);
    fireEvent.click(registerButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error registering name helen.portico.eth: Signature declined'));
    expect(core.router.current().view).toBe('RegisterAccountName');
    expect(nameInput().value).toBe('helen');
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('taken between the check and the registration: Name is taken from the API', async () => {
    const { core } = await openView();
    type('iris');
    await waitFor(() => expect(registerButton().disabled).toBe(false), WAIT);
    names.set('iris.portico.eth', '0x0000000000000000000000000000000000000002');
    fireEvent.click(registerButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error registering name iris.portico.eth: Name is taken'));
    expect(core.router.current().view).toBe('RegisterAccountName');
  });

  it('while the wallet signs: the name and Register are off and the view says what it waits for', async () => {
    const { core, adapter } = await testCore({
      api,
      connect: true,
      views: ['Account', 'RegisterAccountName'],
      adapter: { signature: SIGNATURE, walletWaits: true },
    });
    renderView(RegisterAccountName, { core });
    type('jade');
    await waitFor(() => expect(registerButton().disabled).toBe(false), WAIT);
    fireEvent.click(registerButton());
    await screen.findByText('Confirm the registration in your wallet');
    expect(nameInput().disabled).toBe(true);
    expect(registerButton().disabled).toBe(true);
    act(() => adapter.approve());
    await waitFor(() => expect(core.router.current().view).toBe('RegisterAccountNameSuccess'));
  });

  it('without an account: asks for a wallet; the success view without a name still says it is done', async () => {
    const { core } = await testCore({ api, views: ['Account', 'RegisterAccountName'] });
    renderView(RegisterAccountName, { core });
    expect(screen.getByText('Connect a wallet to choose a name.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    cleanup();

    renderView(RegisterAccountNameSuccess, { core });
    expect(screen.getByRole('status').textContent).toBe('Name registered');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });
});
