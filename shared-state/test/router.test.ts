import { describe, expect, it, rs } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { createRouterController } from '../src/controllers/router';
import { routerAtom } from '../src/index';

function setup() {
  const store = createStore();
  const close = rs.fn();
  const router = createRouterController(store, { close });
  return { store, close, router };
}

describe('router controller', () => {
  it('starts at Connect', () => {
    const { router } = setup();
    expect(router.current()).toEqual({ view: 'Connect', history: ['Connect'], direction: 'next' });
  });

  it('push adds to the history with direction next and keeps data', () => {
    const { router, store } = setup();
    router.push('ConnectingExternal', { connectorId: 'io.metamask' });
    expect(store.get(routerAtom)).toEqual({
      view: 'ConnectingExternal',
      history: ['Connect', 'ConnectingExternal'],
      data: { connectorId: 'io.metamask' },
      direction: 'next',
    });
  });

  it('a repeated push of the current view is a no-op', () => {
    const { router } = setup();
    router.push('AllWallets');
    const before = router.current();
    router.push('AllWallets');
    expect(router.current()).toBe(before);
    expect(router.current().history).toEqual(['Connect', 'AllWallets']);
  });

  it('replace swaps the last entry', () => {
    const { router } = setup();
    router.push('AllWallets');
    router.replace('ConnectingExternal', { connectorId: 'x' });
    expect(router.current().history).toEqual(['Connect', 'ConnectingExternal']);
    expect(router.current().view).toBe('ConnectingExternal');
    expect(router.current().data).toEqual({ connectorId: 'x' });
  });

  it('reset leaves one entry', () => {
    const { router } = setup();
    router.push('AllWallets');
    router.push('ConnectingExternal');
    router.reset('Account');
    expect(router.current()).toEqual({ view: 'Account', history: ['Account'], data: undefined, direction: 'next' });
  });

  it('goBack pops with direction prev', () => {
    const { router, close } = setup();
    router.push('AllWallets');
    router.push('ConnectingExternal');
    router.goBack();
    expect(router.current().view).toBe('AllWallets');
    expect(router.current().history).toEqual(['Connect', 'AllWallets']);
    expect(router.current().direction).toBe('prev');
    router.goBack();
    expect(router.current().view).toBe('Connect');
    expect(close).not.toHaveBeenCalled();
  });

  it('goBack closes the modal when one entry remains', () => {
    const { router, close } = setup();
    router.goBack();
    expect(close).toHaveBeenCalledTimes(1);
    expect(router.current().view).toBe('Connect');
  });

  it('goBack closes the modal when UnsupportedChain is in the history', () => {
    const { router, close } = setup();
    router.reset('UnsupportedChain');
    router.push('Networks');
    router.goBack();
    expect(close).toHaveBeenCalledTimes(1);
    expect(router.current().view).toBe('Networks');
  });

  describe('pending transactions (spec section 2)', () => {
    /** Account → WalletSend, and the approval over it, as the embedded wallet shows it. */
    function approving(action: Parameters<ReturnType<typeof setup>['router']['pushTransaction']>[0]) {
      const context = setup();
      context.router.reset('Account');
      context.router.push('WalletSend');
      context.router.pushTransaction(action);
      context.router.push('ApproveTransaction');
      return context;
    }

    it('success with goBack goes back, then runs the success callback', () => {
      const onSuccess = rs.fn();
      const { router } = approving({ goBack: true, onSuccess });
      router.popTransaction('success');
      expect(router.current()).toMatchObject({ view: 'WalletSend', history: ['Account', 'WalletSend'], direction: 'prev' });
      expect(onSuccess).toHaveBeenCalledTimes(1);
    });

    it('success with a view resets to it', () => {
      const { router } = approving({ view: 'Account' });
      router.popTransaction('success');
      expect(router.current()).toMatchObject({ view: 'Account', history: ['Account'] });
    });

    it('replace flow: back to the view before ConnectingSiwe when it is in the history', () => {
      const { router, close } = setup();
      router.reset('Account');
      router.push('ConnectingSiwe');
      router.pushTransaction({ replace: true });
      router.push('ApproveTransaction');
      router.popTransaction('success');
      expect(router.current()).toMatchObject({ view: 'Account', history: ['Account'], direction: 'prev' });
      expect(close).not.toHaveBeenCalled();
    });

    it('replace flow without ConnectingSiwe above the first entry: the history is cleared and the modal closes', () => {
      const onSuccess = rs.fn();
      const { router, close } = setup();
      router.reset('ConnectingSiwe');
      router.pushTransaction({ replace: true, onSuccess });
      router.push('ApproveTransaction');
      router.popTransaction('success');
      expect(close).toHaveBeenCalledTimes(1);
      // Down to the view it started from: the approval view would block the close.
      expect(router.current()).toMatchObject({ view: 'ConnectingSiwe', history: ['ConnectingSiwe'] });
      expect(onSuccess).toHaveBeenCalledTimes(1);

      const other = approving({ replace: true });
      other.router.popTransaction('success');
      expect(other.close).toHaveBeenCalledTimes(1);
      expect(other.router.current()).toMatchObject({ view: 'WalletSend', history: ['WalletSend'] });
    });

    it('cancel returns to the previous view and runs the cancel callback, not the success one', () => {
      const onCancel = rs.fn();
      const onSuccess = rs.fn();
      const { router, close } = approving({ view: 'Account', onSuccess, onCancel });
      router.popTransaction('cancel');
      expect(router.current()).toMatchObject({ view: 'WalletSend', history: ['Account', 'WalletSend'], direction: 'prev' });
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(onSuccess).not.toHaveBeenCalled();
      expect(close).not.toHaveBeenCalled();
    });

    it('cancel or goBack once the approval view is gone (the frame hid, the person went back) stays where the person is', () => {
      const onCancel = rs.fn();
      const { router } = approving({ goBack: true });
      router.pushTransaction({ replace: true, onCancel });
      router.goBack();
      router.popTransaction('cancel');
      expect(router.current()).toMatchObject({ view: 'WalletSend', history: ['Account', 'WalletSend'] });
      expect(onCancel).toHaveBeenCalledTimes(1);
      router.popTransaction('success');
      expect(router.current()).toMatchObject({ view: 'WalletSend', history: ['Account', 'WalletSend'] });
    });

    it('a history reset meanwhile is not undone: only the view the transaction started from is returned to', () => {
      const { router } = approving({ goBack: true });
      router.reset('Account');
      router.push('Networks');
      router.push('WhatIsANetwork');
      router.popTransaction('success');
      expect(router.current().history).toEqual(['Account', 'Networks', 'WhatIsANetwork']);
    });

    it('replace flow while the approval view is still up: leaves it, so the close is not blocked', () => {
      const { router, close } = approving({ replace: true });
      router.popTransaction('success');
      expect(close).toHaveBeenCalledTimes(1);
      expect(router.current()).toMatchObject({ view: 'WalletSend', history: ['WalletSend'] });
    });

    it('pops the last pushed first; a pop with nothing pending is a no-op', () => {
      const first = rs.fn();
      const second = rs.fn();
      const { router, store, close } = approving({ view: 'Account', onSuccess: first });
      router.pushTransaction({ goBack: true, onSuccess: second });
      router.push('Networks');
      router.popTransaction('success');
      expect(second).toHaveBeenCalledTimes(1);
      expect(first).not.toHaveBeenCalled();
      expect(router.current().view).toBe('ApproveTransaction');
      router.popTransaction('success');
      expect(first).toHaveBeenCalledTimes(1);
      expect(router.current().history).toEqual(['Account']);
      const before = store.get(routerAtom);
      router.popTransaction('cancel');
      router.popTransaction('success');
      expect(store.get(routerAtom)).toBe(before);
      expect(close).not.toHaveBeenCalled();
    });
  });
});
