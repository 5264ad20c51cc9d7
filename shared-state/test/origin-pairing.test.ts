import { describe, expect, it } from '@rstest/core';
import { DEFAULT_ALLOWED_ORIGINS, isOriginAllowed } from '../src/origin';
import { isPairingExpired, pairingExpiresAt, walletDeepLink } from '../src/pairing';
import { PAIRING_LIFETIME_MS } from '../src/constants';

describe('isOriginAllowed', () => {
  it('allows an exact origin (case-insensitive) and refuses others', () => {
    expect(isOriginAllowed('https://dapp.example', ['https://dapp.example'])).toBe(true);
    expect(isOriginAllowed('https://DApp.Example', ['https://dapp.example'])).toBe(true);
    expect(isOriginAllowed('https://other.example', ['https://dapp.example'])).toBe(false);
    expect(isOriginAllowed('http://dapp.example', ['https://dapp.example'])).toBe(false);
    expect(isOriginAllowed('https://dapp.example:8443', ['https://dapp.example'])).toBe(false);
  });

  it('a wildcard subdomain matches subdomains but not the bare domain or look-alikes', () => {
    const list = ['https://*.example.com'];
    expect(isOriginAllowed('https://app.example.com', list)).toBe(true);
    expect(isOriginAllowed('https://a.b.example.com', list)).toBe(true);
    expect(isOriginAllowed('https://example.com', list)).toBe(false);
    expect(isOriginAllowed('https://evilexample.com', list)).toBe(false);
    expect(isOriginAllowed('https://example.com.evil.net', list)).toBe(false);
    expect(isOriginAllowed('http://app.example.com', list)).toBe(false);
  });

  it('a wildcard port matches any port of that host only', () => {
    const list = ['http://127.0.0.1:*'];
    expect(isOriginAllowed('http://127.0.0.1:5173', list)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1:80', list)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.2:5173', list)).toBe(false);
    expect(isOriginAllowed('http://127.0.0.1', list)).toBe(false);
  });

  it('`*` never crosses a `/`', () => {
    expect(isOriginAllowed('https://evil.net/.example.com', ['https://*.example.com'])).toBe(false);
    expect(isOriginAllowed('https://evil.net/x:1', ['https://evil.net:*'])).toBe(false);
  });

  it('dots in patterns are literal', () => {
    expect(isOriginAllowed('https://appXexample.com', ['https://app.example.com'])).toBe(false);
    expect(isOriginAllowed('https://a.exampleXcom', ['https://*.example.com'])).toBe(false);
  });

  it('the defaults allow localhost on any port and preview hosts, with an empty project list', () => {
    expect(DEFAULT_ALLOWED_ORIGINS).toContain('http://localhost:*');
    expect(isOriginAllowed('http://localhost:3000', [])).toBe(true);
    expect(isOriginAllowed('https://localhost:8443', [])).toBe(true);
    expect(isOriginAllowed('https://my-branch.pages.dev', [])).toBe(true);
    expect(isOriginAllowed('https://preview.vercel.app', [])).toBe(true);
    expect(isOriginAllowed('https://dapp.example', [])).toBe(false);
    // Without defaults, localhost must be listed like any origin.
    expect(isOriginAllowed('http://localhost:3000', [], [])).toBe(false);
  });
});

describe('pairing expiry', () => {
  const now = 1_700_000_000_000;

  it('a pairing lives 4 minutes', () => {
    expect(pairingExpiresAt(now)).toBe(now + PAIRING_LIFETIME_MS);
    expect(PAIRING_LIFETIME_MS).toBe(240_000);
    expect(isPairingExpired(pairingExpiresAt(now), now)).toBe(false);
  });

  it('is expired with 10 s or less left, not with 11 s', () => {
    expect(isPairingExpired(now + 11_000, now)).toBe(false);
    expect(isPairingExpired(now + 10_001, now)).toBe(false);
    expect(isPairingExpired(now + 10_000, now)).toBe(true);
    expect(isPairingExpired(now + 5_000, now)).toBe(true);
    expect(isPairingExpired(now - 1, now)).toBe(true);
  });

  it('no expiry means expired', () => {
    expect(isPairingExpired(undefined, now)).toBe(true);
  });
});

describe('walletDeepLink', () => {
  const uri = 'wc:abc@2?relay-protocol=irn&symKey=k1';
  const once = encodeURIComponent(uri);

  it('custom scheme: native://wc?uri=<encoded>, opened in _self', () => {
    expect(walletDeepLink('metamask://', uri, { isTelegram: false })).toEqual({
      href: `metamask://wc?uri=${once}`,
      target: '_self',
    });
  });

  it('a bare scheme (or one missing //) gets ://', () => {
    expect(walletDeepLink('metamask', uri, { isTelegram: false }).href).toBe(`metamask://wc?uri=${once}`);
    expect(walletDeepLink('trust:', uri, { isTelegram: false }).href).toBe(`trust://wc?uri=${once}`);
  });

  it('universal link: https://…/wc?uri=…, opened in _blank', () => {
    expect(walletDeepLink('https://link.trustwallet.com/', uri, { isTelegram: false })).toEqual({
      href: `https://link.trustwallet.com/wc?uri=${once}`,
      target: '_blank',
    });
    expect(walletDeepLink('https://rnbwapp.com', uri, { isTelegram: false }).href).toBe(
      `https://rnbwapp.com/wc?uri=${once}`,
    );
  });

  it('inside Telegram the URI is encoded twice and universal links open in _top', () => {
    const twice = encodeURIComponent(once);
    expect(twice).not.toBe(once);
    expect(walletDeepLink('https://link.trustwallet.com/', uri, { isTelegram: true })).toEqual({
      href: `https://link.trustwallet.com/wc?uri=${twice}`,
      target: '_top',
    });
    expect(walletDeepLink('metamask://', uri, { isTelegram: true })).toEqual({
      href: `metamask://wc?uri=${twice}`,
      target: '_self',
    });
  });

  it('the encoded URI decodes back to the pairing URI', () => {
    const href = walletDeepLink('metamask://', uri, { isTelegram: false }).href;
    expect(decodeURIComponent(href.split('uri=')[1]!)).toBe(uri);
  });
});
