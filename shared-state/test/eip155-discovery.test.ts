import { describe, expect, it, rs } from '@rstest/core';
import fc from 'fast-check';
import { normalizeConnectorName, safeWalletIcon, watchAnnouncedWallets } from '../src/adapters/eip155';
import { MAX_RDNS_LENGTH } from '../src/adapters/eip155/discovery';
import {
  MAX_ANNOUNCED_WALLETS,
  MAX_STACKED_MARKS,
  MAX_WALLET_ICON_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  visibleWalletName,
} from '../src/adapters/wallet-info';
import { CONNECTOR_IDS } from '../src/constants';
import { FakeWallet, ICON, announce, walletInfo, type WalletInfo } from '@portico/test-kit';

/** Watches `target` and returns what it reported. */
function watch(target = new EventTarget()) {
  const onAnnounce = rs.fn();
  watchAnnouncedWallets(target, onAnnounce);
  const reported = () => onAnnounce.mock.calls.map(([wallet]) => wallet as { info: WalletInfo; provider: unknown });
  return { target, onAnnounce, reported };
}

/** What the watcher reports for one announcement with `info` overrides (undefined: refused). */
function announced(overrides: Partial<WalletInfo>) {
  const { target, reported } = watch();
  announce(target, { info: walletInfo(overrides), provider: new FakeWallet() });
  return reported()[0]?.info;
}

const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u180E', '\u00AD', '\u034F'];

describe('watchAnnouncedWallets', () => {
  it('accepts a valid announcement', () => {
    const { target, reported } = watch();
    const provider = new FakeWallet();
    announce(target, { info: walletInfo(), provider });
    expect(reported()).toHaveLength(1);
    expect(reported()[0]!.info).toEqual(walletInfo());
    expect(reported()[0]!.provider).toBe(provider);
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
    ['a uuid that is not a UUID', { info: walletInfo({ uuid: 'metamask-1' }), provider: new FakeWallet() }],
    ['a UUID with more around it', { info: walletInfo({ uuid: ` ${walletInfo().uuid}` }), provider: new FakeWallet() }],
    ['an empty name', { info: walletInfo({ name: '' }), provider: new FakeWallet() }],
    [`a ${MAX_WALLET_NAME_LENGTH + 1}-character name`, { info: walletInfo({ name: 'x'.repeat(MAX_WALLET_NAME_LENGTH + 1) }), provider: new FakeWallet() }],
    ['a name of invisible characters only', { info: walletInfo({ name: `${ZERO_WIDTH.join('')}\u202E \u3164\u00A0` }), provider: new FakeWallet() }],
    ['no info', { provider: new FakeWallet() }],
    ['a string detail', 'MetaMask'],
    ['no detail', undefined],
  ])('ignores an announcement with %s', (_label, detail) => {
    const { target, onAnnounce } = watch();
    expect(() => announce(target, detail)).not.toThrow();
    expect(onAnnounce).not.toHaveBeenCalled();
    // A valid one afterwards still gets through.
    announce(target, { info: walletInfo(), provider: new FakeWallet() });
    expect(onAnnounce).toHaveBeenCalledTimes(1);
  });

  it('takes any UUID, upper or lower case (Portico tells wallets apart by rdns)', () => {
    expect(announced({ uuid: '00000000-0000-1000-8000-000000000000' })).toBeDefined();
    expect(announced({ uuid: '6F1A8C52-5B1E-4C39-9D2A-7E0B3F4C2D10' })).toBeDefined();
  });

  it.each(['io.metamask', 'com.coinbase.wallet', 'app.phantom.beta', 'xn--80ak6aa92e.com', '1inch.io', 'io.Rabby'])('takes the rdns %s', (rdns) => {
    expect(announced({ rdns })).toMatchObject({ rdns });
  });

  it.each([
    // Portico's own connector ids: an announced wallet must not stand in for WalletConnect or the embedded wallet.
    ...Object.values(CONNECTOR_IDS),
    'metamask',
    'io..metamask',
    '.io.metamask',
    'io.metamask.',
    '-io.metamask',
    'io.metamask-',
    'io.meta mask',
    'io.meta_mask',
    'io.metamask\n',
    'io.mеtamask', // Cyrillic е
    `io.${'a'.repeat(64)}`,
  ])('refuses the rdns %j', (rdns) => {
    expect(announced({ rdns })).toBeUndefined();
  });

  it(`takes an rdns of ${MAX_RDNS_LENGTH} characters and 63-character labels, not one longer`, () => {
    const label = 'a'.repeat(63);
    const longest = [label, label, label, 'a'.repeat(61)].join('.');
    expect(longest).toHaveLength(MAX_RDNS_LENGTH);
    expect(announced({ rdns: longest })).toBeDefined();
    expect(announced({ rdns: `${longest}a` })).toBeUndefined();
  });

  it('hands on the name as visibleWalletName has it', () => {
    const name = `\u202ESafe${ZERO_WIDTH.join('')}  Wa\u200Dllet\u2066`;
    expect(announced({ name })).toMatchObject({ name: 'Safe Wallet' });
  });

  it(`takes a ${MAX_WALLET_NAME_LENGTH}-character name whole`, () => {
    const name = 'W'.repeat(MAX_WALLET_NAME_LENGTH);
    expect(announced({ name })).toMatchObject({ name });
  });

  it(`lists a wallet whose icon is not a data: image URI of at most ${MAX_WALLET_ICON_LENGTH} characters without its icon`, () => {
    const longest = `data:image/png;base64,${'A'.repeat(MAX_WALLET_ICON_LENGTH - 'data:image/png;base64,'.length)}`;
    expect(announced({ icon: longest })).toMatchObject({ icon: longest });
    expect(announced({ icon: `${longest}A` })).toMatchObject({ icon: undefined, name: 'Fake Wallet' });
    expect(announced({ icon: 'https://evil.example/icon.png' })).toMatchObject({ icon: undefined, name: 'Fake Wallet' });
    expect(announced({ icon: 42 as unknown as string })).toMatchObject({ icon: undefined, name: 'Fake Wallet' });
  });

  it(`reports at most ${MAX_ANNOUNCED_WALLETS} wallets; those may announce again`, () => {
    const { target, reported } = watch();
    const flood = Array.from({ length: MAX_ANNOUNCED_WALLETS * 4 }, (_, index) => walletInfo({ rdns: `com.flood.w${index}`, name: `Flood ${index}` }));
    for (const info of flood) announce(target, { info, provider: new FakeWallet() });
    expect(reported()).toHaveLength(MAX_ANNOUNCED_WALLETS);
    expect(reported().map((wallet) => wallet.info.rdns)).toEqual(flood.slice(0, MAX_ANNOUNCED_WALLETS).map((info) => info.rdns));

    announce(target, { info: walletInfo({ rdns: 'io.latecomer' }), provider: new FakeWallet() });
    announce(target, { info: flood[0], provider: new FakeWallet() });
    expect(reported()).toHaveLength(MAX_ANNOUNCED_WALLETS + 1);
    expect(reported().at(-1)!.info.rdns).toBe(flood[0]!.rdns);
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

describe('visibleWalletName', () => {
  it.each([
    ['bidi overrides, embeddings and isolates', `Safe\u202Egnp.exe\u202C Wallet${BIDI_CONTROLS.join('')}`, 'Safegnp.exe Wallet'],
    ['zero-width characters and joiners', `Me${ZERO_WIDTH.join('')}ta\u200DMask`, 'MetaMask'],
    ['controls, line separators and private use', 'Meta\u0000\u0007\n\t\u2028\u2029\uE000\u{F0000}Mask', 'MetaMask'],
    ['Hangul fillers and variation selectors', 'Ta\u3164ho\uFE0F\u{E0100}', 'Taho'],
    ['tag characters', 'Flag\u{E0067}\u{E0062}\u{E007F}', 'Flag'],
    ['a lone surrogate', 'Rab\uD800by', 'Rabby'],
  ])('drops %s', (_label, name, expected) => {
    expect(visibleWalletName(name)).toBe(expected);
  });

  it.each([
    ['accents, composed (NFC)', 'Ze\u0301rion', 'Zérion'],
    ['Arabic', 'محفظة', 'محفظة'],
    ['Hebrew', 'ארנק', 'ארנק'],
    ['CJK', '钱包 ウォレット 지갑', '钱包 ウォレット 지갑'],
    ['Devanagari', 'क्षत्रिय वॉलेट', 'क्षत्रिय वॉलेट'],
    ['emoji and symbols', '🦊 Wallet™ 🌈', '🦊 Wallet™ 🌈'],
    ['punctuation', 'Crypto.com | DeFi-Wallet (beta)', 'Crypto.com | DeFi-Wallet (beta)'],
  ])('keeps %s', (_label, name, expected) => {
    expect(visibleWalletName(name)).toBe(expected);
  });

  it('makes each run of spaces one space and trims', () => {
    expect(visibleWalletName('\u00A0 Trust \u3000\u2003 Wallet\u202F')).toBe('Trust Wallet');
  });

  it(`keeps ${MAX_STACKED_MARKS} marks on a character and drops the rest of a stack`, () => {
    const marks = '\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308';
    const kept = marks.slice(0, MAX_STACKED_MARKS);
    // x and q have no precomposed forms with these marks: NFC leaves every mark a mark.
    expect(visibleWalletName(`x${kept}`)).toBe(`x${kept}`);
    expect(visibleWalletName(`x${marks}yx${marks}q`)).toBe(`x${kept}yx${kept}q`);
  });

  it('leaves only letters, marks, numbers, punctuation, symbols and single inner spaces, and is stable', () => {
    const visible = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: MAX_WALLET_NAME_LENGTH }), (name) => {
        const shown = visibleWalletName(name);
        expect(shown).toMatch(visible);
        expect(shown).not.toMatch(/\p{Default_Ignorable_Code_Point}|^ | $| {2}/u);
        expect(shown).not.toMatch(new RegExp(`\\p{M}{${MAX_STACKED_MARKS + 1}}`, 'u'));
        expect(visibleWalletName(shown)).toBe(shown);
      }),
    );
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
    'data:image/bmp;base64,Qk0=',
    ' data:image/png;base64,abc',
    '',
    undefined,
    { toString: () => ICON },
  ])('rejects %j', (icon) => {
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
