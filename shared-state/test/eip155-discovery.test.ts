import { describe, expect, it, rs } from '@rstest/core';
import { normalizeConnectorName, safeWalletIcon, watchAnnouncedWallets } from '../src/adapters/eip155';
import { FakeWallet, ICON, announce, walletInfo } from '@portico/test-kit';

describe('watchAnnouncedWallets', () => {
  it('accepts a valid announcement', () => {
    const target = new EventTarget();
    const onAnnounce = rs.fn();
    watchAnnouncedWallets(target, onAnnounce);
    const provider = new FakeWallet();
    announce(target, { info: walletInfo(), provider });
    expect(onAnnounce).toHaveBeenCalledTimes(1);
    const wallet = onAnnounce.mock.calls[0]![0];
    expect(wallet.info).toEqual(walletInfo());
    expect(wallet.provider).toBe(provider);
  });

  it('dispatches eip6963:requestProvider when it starts', () => {
    const target = new EventTarget();
    const onRequest = rs.fn();
    target.addEventListener('eip6963:requestProvider', onRequest);
    watchAnnouncedWallets(target, () => undefined);
    expect(onRequest).toHaveBeenCalledTimes(1);
    expect(onRequest.mock.calls[0]![0]).toBeInstanceOf(Event);
  });

  it.each([
    ['no provider', { info: walletInfo() }],
    ['a provider without request()', { info: walletInfo(), provider: { on: () => undefined } }],
    ['a null provider', { info: walletInfo(), provider: null }],
    ['a missing rdns', { info: { ...walletInfo(), rdns: undefined }, provider: new FakeWallet() }],
    ['an empty rdns', { info: walletInfo({ rdns: '' }), provider: new FakeWallet() }],
    ['an empty uuid', { info: walletInfo({ uuid: '' }), provider: new FakeWallet() }],
    ['an empty name', { info: walletInfo({ name: '' }), provider: new FakeWallet() }],
    ['a 101-character name', { info: walletInfo({ name: 'x'.repeat(101) }), provider: new FakeWallet() }],
    ['no info', { provider: new FakeWallet() }],
    ['a string detail', 'MetaMask'],
    ['no detail', undefined],
  ])('ignores an announcement with %s', (_label, detail) => {
    const target = new EventTarget();
    const onAnnounce = rs.fn();
    watchAnnouncedWallets(target, onAnnounce);
    expect(() => announce(target, detail)).not.toThrow();
    expect(onAnnounce).not.toHaveBeenCalled();
    // A valid one afterwards still gets through.
    announce(target, { info: walletInfo(), provider: new FakeWallet() });
    expect(onAnnounce).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    const target = new EventTarget();
    const onAnnounce = rs.fn();
    const stop = watchAnnouncedWallets(target, onAnnounce);
    stop();
    announce(target, { info: walletInfo(), provider: new FakeWallet() });
    expect(onAnnounce).not.toHaveBeenCalled();
  });
});

describe('safeWalletIcon', () => {
  it('keeps data: image URIs', () => {
    expect(safeWalletIcon(ICON)).toBe(ICON);
    expect(safeWalletIcon('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeWalletIcon('data:image/webp,abc')).toBe('data:image/webp,abc');
  });

  it.each([
    'http://evil.example/icon.png',
    'https://cdn.example/icon.svg',
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/svg',
    ' data:image/png;base64,abc',
    '',
  ])('rejects %s', (icon) => {
    expect(safeWalletIcon(icon)).toBeUndefined();
  });
});

describe('normalizeConnectorName', () => {
  it('Trust Wallet becomes Trust, others stay', () => {
    expect(normalizeConnectorName('Trust Wallet')).toBe('Trust');
    expect(normalizeConnectorName('MetaMask')).toBe('MetaMask');
    expect(normalizeConnectorName('Trust')).toBe('Trust');
  });
});
