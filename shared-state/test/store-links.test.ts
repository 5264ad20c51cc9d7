import { describe, expect, it } from '@rstest/core';
import { mobileWalletLink, storeLinksFor, storePlatform } from '../src/store-links';

const wallet = {
  homepage: 'https://metamask.io',
  chrome_store: 'https://chromewebstore.google.com/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
  app_store: 'https://apps.apple.com/app/metamask/id1438144202',
  play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
};

describe('storeLinksFor', () => {
  it('lists the extension, both app stores and the homepage on a computer', () => {
    expect(storeLinksFor(wallet, 'desktop').map((link) => link.kind)).toEqual(['chrome', 'ios', 'android', 'homepage']);
  });

  it("lists only the phone's own store and the homepage on a phone", () => {
    expect(storeLinksFor(wallet, 'ios')).toEqual([
      { kind: 'ios', href: wallet.app_store },
      { kind: 'homepage', href: 'https://metamask.io/' },
    ]);
    expect(storeLinksFor(wallet, 'android').map((link) => link.kind)).toEqual(['android', 'homepage']);
  });

  it('drops missing, duplicate and non-web links', () => {
    expect(
      storeLinksFor({ homepage: 'javascript:alert(1)', chrome_store: null, app_store: 'not a url', play_store: 'https://x.test/a' }, 'desktop'),
    ).toEqual([{ kind: 'android', href: 'https://x.test/a' }]);
    expect(storeLinksFor({ homepage: 'https://x.test/', chrome_store: 'https://x.test/' }, 'desktop')).toEqual([{ kind: 'chrome', href: 'https://x.test/' }]);
    expect(storeLinksFor({}, 'ios')).toEqual([]);
  });
});

describe('storePlatform', () => {
  it('tells iOS, Android and computers apart', () => {
    expect(storePlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', true)).toBe('ios');
    expect(storePlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile', true)).toBe('android');
    expect(storePlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/131', false)).toBe('desktop');
  });
});

describe('mobileWalletLink', () => {
  it('prefers the native link, then the web app link', () => {
    expect(mobileWalletLink({ mobile_link: 'metamask://', webapp_link: 'https://w.test' })).toBe('metamask://');
    expect(mobileWalletLink({ mobile_link: null, universal_link: 'https://u.test', webapp_link: 'https://w.test' })).toBe('https://u.test');
    expect(mobileWalletLink({ mobile_link: null, webapp_link: 'https://w.test' })).toBe('https://w.test');
    expect(mobileWalletLink({})).toBeUndefined();
  });
});
