import {
  RemoteIncompatibleError,
  RemoteLoadError,
  UserRejectedRequestError,
  errorText,
  type PorticoCore,
} from '@portico/shared-state';
import { resolveView } from '@portico/shared-state/views';
import { stopTestCores, testCore } from '@portico/test-kit';
import { renderInLocale } from '@portico/test-kit/react';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import type { ReactNode } from 'react';
import { CopyButton, ErrorPanel, OneTimeCodeForm, TokenButton, TokenSheet, TransactionStatus, loadChrome } from '../src';

afterEach(() => {
  cleanup();
  stopTestCores();
});

/** Kit parts as a view shows them, in the modal's locale once the kit's catalogue has loaded. */
async function renderIn(locale: string, parts: (core: PorticoCore) => ReactNode) {
  const { core } = await testCore({ start: false, options: { locale } });
  await renderInLocale(parts(core), core);
}

const features = (off: string) => ({ [off]: false }) as unknown as Parameters<typeof resolveView>[1];

describe('what shared state says in English, in the modal’s locale (chrome.say)', () => {
  it('translates the outlet’s errors as shared state and the shell word them', async () => {
    const { say } = await loadChrome('de');
    expect(say(errorText(new RemoteLoadError('send')))).toBe('Die Funktion „send“ konnte nicht geladen werden.');
    expect(say(errorText(new RemoteIncompatibleError('swap', 1, 3)))).toBe(
      'Die Funktion „swap“ konnte nicht geladen werden: Sie ist mit dieser Portico-Version nicht kompatibel.',
    );
    const featureOff = resolveView('WalletSend', features('send'));
    expect(featureOff.kind === 'feature-off' && say(featureOff.message)).toBe('Die Funktion „send“ ist für diese Website deaktiviert.');
    const unknown = resolveView('Nowhere', features('send'));
    expect(unknown.kind === 'unknown' && say(unknown.message)).toBe('Unbekannte Ansicht „Nowhere“.');
    expect(say('The send feature has no address. Set remotes.send or cdnBase in the Portico options.')).toBe(
      'Die Funktion „send“ hat keine Adresse. Setze remotes.send oder cdnBase in den Portico-Optionen.',
    );
  });

  it('translates announcements and known errors; keeps a repeat’s trailing space, a name, and text it does not know', async () => {
    const { say } = await loadChrome('ru');
    expect(say('Connected to MetaMask')).toBe('Подключено к MetaMask');
    expect(say('Connected to your wallet')).toBe('Кошелёк подключён');
    expect(say('This site requires signing in. Sign the message, or Cancel to disconnect.\u00a0')).toBe(
      'Этот сайт требует входа. Подпишите сообщение или нажмите «Отмена», чтобы отключиться.\u00a0',
    );
    expect(say(errorText(new UserRejectedRequestError()))).toBe('Запрос отклонён.');
    expect(say('Please try again after 3 seconds')).toBe('Повторите попытку через 3 секунды');
    expect(say('Адрес скопирован')).toBe('Адрес скопирован');
    expect(say('Execution reverted: not enough gas')).toBe('Execution reverted: not enough gas');
  });

  it('names the outlet’s Loading and Retry', async () => {
    const chrome = await loadChrome('ja');
    expect([chrome.loading, chrome.retry]).toEqual(['読み込み中…', '再試行']);
  });
});

describe('kit parts in a locale', () => {
  it('speak German: a failed transaction’s buttons and hash, a known error’s reason, the error panel’s Retry', async () => {
    await renderIn('de-DE', () => (
      <>
        <TransactionStatus
          phase="failed"
          title="Transaktion fehlgeschlagen"
          detail="User rejected the request."
          hash="0x1234567890abcdef1234567890abcdef12345678"
          onTryAgain={() => {}}
          onEdit={() => {}}
        />
        <ErrorPanel message="Failed to fetch transactions" onRetry={() => {}} />
      </>
    ));
    // The catalogue may arrive after the render's act() under load: wait for the parts to speak German.
    expect(await screen.findByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    const [transaction, panel] = screen.getAllByRole('alert');
    expect(within(transaction!).getByText('Die Anfrage wurde abgelehnt.')).toBeTruthy();
    expect(screen.getByText('Transaktion')).toBeTruthy();
    expect(screen.getByTitle('0x1234567890abcdef1234567890abcdef12345678').textContent).toBe('0x1234…5678');
    expect(screen.getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Erneut versuchen' })).toHaveLength(2);
    expect(panel!.textContent).toBe('Transaktionen konnten nicht abgerufen werden');
  });

  it('speak Arabic: the token button and sheet, Copy, and the one-time code form', async () => {
    await renderIn('ar', (core) => (
      <>
        <TokenButton label="الرمز" onClick={() => {}} />
        <TokenSheet options={[{ key: 'eth', symbol: 'ETH', balance: '١٫٥', value: 'eth' }]} onSelect={() => {}} onClose={() => {}} />
        <CopyButton portico={core} value="0xabc" />
        <OneTimeCodeForm sentTo="ada@example.com" busy={false} onSubmit={() => {}} />
      </>
    ));
    expect(await screen.findByRole('button', { name: 'ETH ١٫٥' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الرمز: اختر رمزًا' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'ابحث عن الرموز' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'نسخ' })).toBeTruthy();
    expect(screen.getByText('أدخل الرمز الذي أرسلناه إلى ada@example.com')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'الرمز' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تأكيد' })).toBeTruthy();
  });
});
