import { useId } from 'react';
import { useKitMessages } from './messages';

export interface TokenOption<T> {
  /** Unique among the options (e.g. chain and contract). */
  key: string;
  symbol: string;
  /** The balance as display text ("1.5", "0"). */
  balance: string;
  iconUrl?: string;
  /** A heading the option is listed under ("Suggested", "Popular"); options without one are listed plainly. */
  section?: string;
  /** What `onSelect` receives. */
  value: T;
}

export interface TokenPickerProps<T> {
  /** The visible label naming the radio group ("Token", "From", "To"). */
  label: string;
  /** The radio inputs' `name`, unique in the view ("portico-send-token"). */
  name: string;
  options: ReadonlyArray<TokenOption<T>>;
  /** The checked option's key. */
  selectedKey?: string;
  onSelect(value: T): void;
}

/**
 * A token list as a radio group named by its label; each radio's accessible name is
 * "SYMBOL, balance N" (in the modal's locale). Options with a `section` are grouped under it (`role="group"` named by the
 * section), in the order sections first appear.
 *
 * @example
 * <TokenPicker label="Token" name="portico-send-token" selectedKey={selected} onSelect={(t) => portico.send.setToken(t)}
 *   options={tokens.map((t) => ({ key: tokenKey(t), symbol: t.symbol, balance: formatBalance(t.quantity.numeric), iconUrl: t.iconUrl, value: t }))} />
 */
export function TokenPicker<T>({ label, name, options, selectedKey, onSelect }: TokenPickerProps<T>) {
  const t = useKitMessages();
  const labelId = useId();
  const sectioned = options.some((option) => option.section !== undefined);
  const renderOption = (option: TokenOption<T>) => {
    const checked = option.key === selectedKey;
    return (
      <label key={option.key} className="portico-list-item" data-checked={checked}>
        <input
          type="radio"
          name={name}
          value={option.key}
          checked={checked}
          aria-label={t('tokenOption', { symbol: option.symbol, balance: option.balance })}
          onChange={() => onSelect(option.value)}
        />
        {option.iconUrl && <img className="portico-token-icon" src={option.iconUrl} alt="" width={20} height={20} loading="lazy" />}
        <span>{option.symbol}</span>
        <span className="portico-muted portico-trailing">{option.balance}</span>
      </label>
    );
  };

  return (
    <div className="portico-stack">
      <span id={labelId} className="portico-muted">
        {label}
      </span>
      {sectioned ? (
        <div role="radiogroup" aria-labelledby={labelId} className="portico-stack">
          {sectionsOf(options).map(([section, members]) => (
            <div key={section} role="group" aria-label={section} className="portico-list">
              <span className="portico-section-label" aria-hidden="true">
                {section}
              </span>
              {members.map(renderOption)}
            </div>
          ))}
        </div>
      ) : (
        <div role="radiogroup" aria-labelledby={labelId} className="portico-list">
          {options.map(renderOption)}
        </div>
      )}
    </div>
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
