import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useKitMessages } from './messages';
import { RoundIcon } from './round-icon';

export interface TokenOption<T> {
  /** Unique among the options (e.g. chain and contract). */
  key: string;
  symbol: string;
  /** The token's name ("Portico USD"), under the symbol and searched with it. */
  name?: string;
  /** The balance as display text ("1.5", "0"). */
  balance: string;
  /** The balance's value as display text ("$1,234.50"), when known. */
  fiat?: string;
  iconUrl?: string;
  /** A heading the option is listed under ("Suggested", "Popular"); options without one are listed plainly. */
  section?: string;
  /** What `onSelect` receives. */
  value: T;
}

/**
 * Which token sheet is open (one key per token button: 'token', or 'from' and 'to'), and focus back on
 * the button that opened it when it closes. The view shows the sheet in place of its form while open.
 *
 * @example
 * const sheet = useTokenSheet<'from' | 'to'>();
 * <TokenButton label="You pay" token={from} {...sheet.trigger('from')} />
 * {sheet.open && <TokenSheet … onClose={sheet.close} />}
 */
export function useTokenSheet<K extends string>() {
  const [open, setOpen] = useState<K>();
  const buttons = useRef(new Map<K, HTMLButtonElement | null>());
  const closedFrom = useRef<K>(undefined);
  // In a layout effect: before the dialog notices the focused option was removed and moves focus to its heading.
  useLayoutEffect(() => {
    if (open !== undefined || closedFrom.current === undefined) return;
    buttons.current.get(closedFrom.current)?.focus();
    closedFrom.current = undefined;
  }, [open]);
  return {
    open,
    close: () => {
      closedFrom.current = open;
      setOpen(undefined);
    },
    trigger: (key: K) => ({
      buttonRef: (element: HTMLButtonElement | null) => void buttons.current.set(key, element),
      onClick: () => setOpen(key),
    }),
  };
}

export interface TokenButtonProps {
  /** What the token is for ("Token", "You pay"); with the symbol, the button's accessible name ("You pay: PUSD"). */
  label: string;
  /** The chosen token; "Select token" without one. */
  token?: { symbol: string; iconUrl?: string };
  onClick(): void;
  buttonRef?: (element: HTMLButtonElement | null) => void;
}

/** The pill that shows the chosen token (icon, symbol, chevron) and opens the token sheet. */
export function TokenButton({ label, token, onClick, buttonRef }: TokenButtonProps) {
  const t = useKitMessages();
  return (
    <button
      ref={buttonRef}
      type="button"
      className="portico-token-button"
      data-empty={!token || undefined}
      aria-haspopup="dialog"
      aria-label={t('tokenButton', { label, symbol: token?.symbol ?? t('selectToken') })}
      onClick={onClick}
    >
      {token && <RoundIcon src={token.iconUrl} text={token.symbol} />}
      <span>{token?.symbol ?? t('selectToken')}</span>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

export interface TokenSheetProps<T> {
  /** The sheet's heading ("Select a token"; "Select a token" unless given). */
  title?: string;
  options: ReadonlyArray<TokenOption<T>>;
  /** The chosen option's key (marked `aria-current`). */
  selectedKey?: string;
  onSelect(value: T): void;
  /** Closes without choosing (the close button, Esc). */
  onClose(): void;
}

/**
 * The token sheet: a search box (symbol or name, focused on open) over the tokens, each a button with its icon,
 * symbol, name, balance and value, named by them ("PUSD Portico USD 2,500 $2,500.00"). Options with a `section` are
 * grouped under it (`role="group"` named by the section). Esc closes it and leaves the modal open.
 *
 * @example
 * <TokenSheet options={tokens.map((t) => ({ key: tokenKey(t), symbol: t.symbol, name: t.name,
 *   balance: formatBalance(t.quantity.numeric), iconUrl: t.iconUrl, value: t }))}
 *   selectedKey={selected} onSelect={(t) => { portico.send.setToken(t); sheet.close(); }} onClose={sheet.close} />
 */
export function TokenSheet<T>({ title, options, selectedKey, onSelect, onClose }: TokenSheetProps<T>) {
  const t = useKitMessages();
  const titleId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // Before the dialog sees the focused token button hidden and moves focus to its heading.
  useLayoutEffect(() => search.current?.focus(), []);
  const wanted = query.trim().toLowerCase();
  const shown = options.filter((option) => !wanted || option.symbol.toLowerCase().includes(wanted) || Boolean(option.name?.toLowerCase().includes(wanted)));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    // The sheet's own Esc: the modal stays open.
    event.stopPropagation();
    onClose();
  };

  const renderOption = (option: TokenOption<T>) => (
    <li key={option.key}>
      <button
        type="button"
        className="portico-token-row"
        aria-current={option.key === selectedKey || undefined}
        onClick={() => onSelect(option.value)}
      >
        {/* Named by what it shows, in order ("PUSD Portico USD 2,500 $2,500.00"): the spaces keep the words apart. */}
        <RoundIcon src={option.iconUrl} text={option.symbol} size={32} />
        <span className="portico-token-row-names">
          <span>{option.symbol}</span> {option.name && <span className="portico-muted">{option.name}</span>}
        </span>{' '}
        <span className="portico-token-row-amounts">
          <span>{option.balance}</span> {option.fiat && <span className="portico-muted">{option.fiat}</span>}
        </span>
      </button>
    </li>
  );

  return (
    <section role="dialog" aria-labelledby={titleId} className="portico-sheet" onKeyDown={onKeyDown}>
      <div className="portico-sheet-header">
        <h3 id={titleId}>{title ?? t('selectToken')}</h3>
        <button type="button" className="portico-icon-button" aria-label={t('close')} onClick={onClose}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <label htmlFor={searchId} className="portico-visually-hidden">
        {t('searchTokens')}
      </label>
      <input
        id={searchId}
        ref={search}
        type="search"
        className="portico-search"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('searchTokens')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {shown.length === 0 && <p className="portico-muted portico-sheet-empty">{t('noTokensFound')}</p>}
      {sectionsOf(shown).map(([section, members]) =>
        section ? (
          <div key={section} role="group" aria-label={section} className="portico-stack">
            <span className="portico-section-label" aria-hidden="true">
              {section}
            </span>
            <ul className="portico-list portico-token-list">{members.map(renderOption)}</ul>
          </div>
        ) : (
          <ul key="" className="portico-list portico-token-list">
            {members.map(renderOption)}
          </ul>
        ),
      )}
    </section>
  );
}

function sectionsOf<T>(options: ReadonlyArray<TokenOption<T>>): Array<[string, Array<TokenOption<T>>]> {
  const sections = new Map<string, Array<TokenOption<T>>>();
  for (const option of options) {
    const section = option.section ?? '';
    sections.set(section, [...(sections.get(section) ?? []), option]);
  }
  return [...sections];
}
