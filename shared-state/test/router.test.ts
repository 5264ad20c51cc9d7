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
});
