/**
 * Spec §7's theme sync and dapp data sync (embedded/host-look.ts, host-sync.ts): the allow-list of theme variables and
 * their safe values, the icon rule and the monogram, the payloads the modal sends, and their sending over the real
 * channels (before READY, again on READY, the theme again on every change).
 */
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { SDK_TYPE, SDK_VERSION } from '../src/constants';
import { dappIcon, dappMonogram, isSafeThemeValue, safeThemeVariables } from '../src/embedded/host-look';
import { dappDataPayload, syncHostWithFrame, themePayload, type HostTheme } from '../src/embedded/host-sync';
import { parsePayload, REQUESTS } from '../src/embedded/messages';
import { APP_ORIGIN, wiredChannels } from './embedded-fakes';

const metadata = { name: 'Shop', description: 'A shop', url: APP_ORIGIN, icons: ['https://cdn.example/shop.png'] };

describe('theme variables: the modal’s own, with safe values of their kind', () => {
  it('colours, lengths, font families, z-index and percentages pass', () => {
    for (const [name, value] of [
      ['--portico-accent', '#3396ff'],
      ['--portico-accent', 'rebeccapurple'],
      ['--portico-color-mix', 'rgb(0 128 255 / 50%)'],
      ['--portico-qr-color', 'hsl(210, 100%, 60%)'],
      ['--portico-font-family', "Inter, 'Helvetica Neue', \"Segoe UI\", sans-serif"],
      ['--portico-font-size-master', '10px'],
      ['--portico-border-radius-master', '0.25rem'],
      ['--portico-z-index', 999],
      ['--portico-color-mix-strength', '40'],
    ] as const) {
      expect([name, value, isSafeThemeValue(name, value)]).toEqual([name, value, true]);
    }
  });

  it('CSS injection, urls, escapes, comments and unknown variables are refused', () => {
    for (const [name, value] of [
      ['--portico-accent', 'red;background:url(https://evil.example/x)'],
      ['--portico-accent', 'red}html{background:red'],
      ['--portico-accent', 'url(https://evil.example/x)'],
      ['--portico-accent', 'var(--other)'],
      ['--portico-accent', '#f00\\;'],
      ['--portico-font-family', 'Inter;}body{display:none'],
      ['--portico-font-family', 'Inter/*'],
      ['--portico-font-family', "'Inter"],
      ['--portico-font-size-master', '10px !important'],
      ['--portico-border-radius-master', 'calc(1px + 1px)'],
      ['--portico-z-index', '-1'],
      ['--portico-color-mix-strength', '101'],
      ['--portico-evil', 'red'],
      ['color', 'red'],
    ] as const) {
      expect([name, value, isSafeThemeValue(name, value)]).toEqual([name, value, false]);
    }
  });

  it('the modal keeps what the frame must not take; the protocol refuses it outright', () => {
    expect(safeThemeVariables({ '--portico-accent': '#000', '--portico-font-family': 'x;y', '--portico-other': 'red', '--portico-z-index': undefined })).toEqual({ '--portico-accent': '#000' });
    expect(parsePayload(REQUESTS.SYNC_THEME.payload, { themeVariables: { '--portico-accent': 'red;background:url(x)' } })).toEqual({
      ok: false,
      issue: 'themeVariables: must give each variable a safe value of its kind (a colour, a length, a font family, a z-index, a percentage)',
    });
  });
});

describe("the dapp's icon and monogram", () => {
  it('https, the embedding page’s own origin, or a base64 PNG, JPEG or WebP; the first that passes', () => {
    expect(dappIcon(['https://cdn.example/a.png'], APP_ORIGIN)).toBe('https://cdn.example/a.png');
    expect(dappIcon(['http://127.0.0.1:3000/icon.png'], 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/icon.png');
    expect(dappIcon(['data:image/webp;base64,UklGRg=='], APP_ORIGIN)).toBe('data:image/webp;base64,UklGRg==');
    expect(dappIcon(['javascript:alert(1)', 'http://cdn.example/a.png', 'https://cdn.example/b.png'], APP_ORIGIN)).toBe('https://cdn.example/b.png');
  });

  it('javascript:, http: elsewhere, svg, other data: and text are not shown', () => {
    expect(dappIcon(['javascript:alert(1)', 'http://cdn.example/a.png', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:image/png,raw', 'icon.png', ''], APP_ORIGIN)).toBeUndefined();
  });

  it('the monogram: the first letter or digit, upper-cased', () => {
    expect(dappMonogram('shop')).toBe('S');
    expect(dappMonogram('  42 apps')).toBe('4');
    expect(dappMonogram('été')).toBe('É');
    expect(dappMonogram('—')).toBe('?');
  });
});

describe('the payloads the modal sends', () => {
  it('SYNC_THEME: the mode and the safe variables; none: no themeVariables', () => {
    expect(themePayload({ themeMode: 'light', themeVariables: { '--portico-accent': '#3396ff', '--portico-qr-color': 'url(x)' } })).toEqual({
      themeMode: 'light',
      themeVariables: { '--portico-accent': '#3396ff' },
    });
    expect(themePayload({ themeMode: 'dark', themeVariables: {} })).toEqual({ themeMode: 'dark' });
  });

  it('SYNC_DAPP_DATA: project, SDK version and type, metadata within the protocol’s bounds', () => {
    const long = dappDataPayload('demo', { ...metadata, name: 'n'.repeat(300), description: 'd'.repeat(2000), icons: ['x'.repeat(70_000), ...Array(9).fill('https://a.example/i.png')] });
    expect(long).toMatchObject({ projectId: 'demo', sdkVersion: SDK_VERSION, sdkType: SDK_TYPE });
    expect(long.metadata!.name).toHaveLength(256);
    expect(long.metadata!.description).toHaveLength(1024);
    expect(long.metadata!.icons).toEqual(Array(8).fill('https://a.example/i.png'));
    expect(parsePayload(REQUESTS.SYNC_DAPP_DATA.payload, long).ok).toBe(true);
  });
});

describe('syncHostWithFrame over the channels', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('dapp data and theme at once; the theme again on every change, until stopped', async () => {
    const received: { name: string; payload: unknown }[] = [];
    const { channel } = await wiredChannels({
      handlers: {
        SYNC_THEME: (payload) => (received.push({ name: 'SYNC_THEME', payload }), {}),
        SYNC_DAPP_DATA: (payload) => (received.push({ name: 'SYNC_DAPP_DATA', payload }), {}),
      },
    });
    let theme: HostTheme = { themeMode: 'dark', themeVariables: { '--portico-accent': '#3396ff' } };
    const listeners = new Set<() => void>();
    const failed: string[] = [];
    const stop = syncHostWithFrame({
      channel,
      options: { projectId: 'demo', metadata },
      theme: () => theme,
      subscribeTheme: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      onFailed: (event) => failed.push(event),
    });
    await rs.advanceTimersByTimeAsync(600);
    expect(received).toContainEqual({ name: 'SYNC_DAPP_DATA', payload: { projectId: 'demo', sdkVersion: SDK_VERSION, sdkType: SDK_TYPE, metadata } });
    expect(received).toContainEqual({ name: 'SYNC_THEME', payload: { themeMode: 'dark', themeVariables: { '--portico-accent': '#3396ff' } } });
    theme = { themeMode: 'light', themeVariables: {} };
    for (const listener of listeners) listener();
    await rs.advanceTimersByTimeAsync(10);
    expect(received.at(-1)).toEqual({ name: 'SYNC_THEME', payload: { themeMode: 'light' } });
    stop();
    expect(listeners.size).toBe(0);
    expect(failed).toEqual([]);
  });
});
