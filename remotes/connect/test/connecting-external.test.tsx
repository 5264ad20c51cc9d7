import { activeAccountAtom, routerAtom } from '@portico/shared-state';
import { fakeWalletConnector, testCore } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import ConnectingExternal from '../src/views/ConnectingExternal';

afterEach(cleanupViews);

/** A sentence whose wallet name is bidi-isolated (`<bdi>`): matched as the text it reads. */
const sentence = (text: string) => (_: string, element: Element | null) =>
  element?.tagName !== 'BDI' && element?.textContent === text && [...(element?.children ?? [])].every((child) => child.tagName === 'BDI');

/** Connect opened the Fake Wallet's extension; its answer is up to the test. */
async function connectingFakeWallet() {
  const setup = await testCore({ adapter: { connectWaits: true } });
  void setup.core.connectExternal(fakeWalletConnector.id);
  renderView(ConnectingExternal, { core: setup.core });
  return setup;
}

describe('ConnectingExternal', () => {
  it('asks the person to continue in the wallet, then shows Account when it connects', async () => {
    const { core, adapter } = await connectingFakeWallet();
    expect(screen.getByText(sentence('Continue in Fake Wallet'))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Accept the connection request in the wallet');
    await act(async () => adapter.approveConnect());
    await waitFor(() => expect(core.store.get(activeAccountAtom).status).toBe('connected'));
    expect(core.store.get(routerAtom).view).toBe('Account');
  });

  it('shows a decline with Try again, which asks the wallet again', async () => {
    const { adapter } = await connectingFakeWallet();
    await act(async () => adapter.rejectConnect());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Connection declinedConnection can be declined if a previous request is still active');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(adapter.connectCalls).toEqual(['io.fake', 'io.fake']);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText(sentence('Continue in Fake Wallet'))).toBeTruthy();
  });

  it('says so when the wallet is no longer in the browser', async () => {
    const { core } = await testCore();
    act(() => core.router.push('ConnectingExternal', { connectorId: 'gone' }));
    renderView(ConnectingExternal, { core });
    expect(screen.getByRole('alert').textContent).toBe('This wallet is no longer available in the browser.');
  });
});
