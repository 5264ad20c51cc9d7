import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { createToastController } from '../src/controllers/toast';
import { toastAtom } from '../src/index';
import { TOAST_REOPEN_MS, TOAST_VISIBLE_MS } from '../src/constants';

describe('toast controller', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('shows and hides', () => {
    const store = createStore();
    const toast = createToastController(store);
    expect(store.get(toastAtom).open).toBe(false);
    toast.show('success', 'Address copied');
    expect(store.get(toastAtom)).toEqual({ open: true, message: 'Address copied', variant: 'success' });
    toast.hide();
    expect(store.get(toastAtom)).toEqual({ open: false, message: 'Address copied', variant: 'success' });
  });

  it('a success or error toast fades by itself; a loading toast stays', () => {
    const store = createStore();
    const toast = createToastController(store);
    toast.show('error', 'Token Balance Unavailable');
    rs.advanceTimersByTime(TOAST_VISIBLE_MS);
    expect(store.get(toastAtom).open).toBe(false);
    toast.show('loading', 'Authenticating...');
    rs.advanceTimersByTime(TOAST_VISIBLE_MS * 10);
    expect(store.get(toastAtom)).toMatchObject({ open: true, variant: 'loading' });
  });

  it('a new message while open closes first, then shows after 150 ms', () => {
    const store = createStore();
    const toast = createToastController(store);
    toast.show('loading', 'Connecting');
    toast.show('success', 'Connected');
    expect(store.get(toastAtom)).toMatchObject({ open: false, message: 'Connecting' });
    rs.advanceTimersByTime(TOAST_REOPEN_MS - 1);
    expect(store.get(toastAtom).open).toBe(false);
    rs.advanceTimersByTime(1);
    expect(store.get(toastAtom)).toEqual({ open: true, message: 'Connected', variant: 'success' });
    expect(TOAST_REOPEN_MS).toBe(150);
  });

  it('only the latest of quick successive messages shows', () => {
    const store = createStore();
    const toast = createToastController(store);
    toast.show('success', 'one');
    toast.show('success', 'two');
    toast.show('error', 'three');
    rs.advanceTimersByTime(TOAST_REOPEN_MS);
    expect(store.get(toastAtom)).toEqual({ open: true, message: 'three', variant: 'error' });
  });

  it('the fade timer of a replaced toast does not hide the new one early', () => {
    const store = createStore();
    const toast = createToastController(store);
    toast.show('success', 'first');
    rs.advanceTimersByTime(TOAST_VISIBLE_MS - 100);
    toast.show('success', 'second');
    rs.advanceTimersByTime(TOAST_REOPEN_MS + 200);
    expect(store.get(toastAtom)).toMatchObject({ open: true, message: 'second' });
  });
});
