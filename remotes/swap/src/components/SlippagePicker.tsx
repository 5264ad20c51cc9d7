import { useLocale } from '@portico/ui';
import { useId } from 'react';
import { useSwapMessages } from '../messages';
import { formatPercent } from '../percent';

/** Slippage choices, percent (spec section 9: 1 % by default). */
export const SLIPPAGE_CHOICES = [0.5, 1, 2, 3] as const;

/** "Slippage tolerance" as a row of radios named by their percentage ("1%"). */
export function SlippagePicker({ value, onChange }: { value: number; onChange(slippage: number): void }) {
  const labelId = useId();
  const t = useSwapMessages();
  const { locale } = useLocale();
  return (
    <div className="portico-stack">
      <span id={labelId} className="portico-muted">
        {t('slippage.label')}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="portico-choice-row">
        {SLIPPAGE_CHOICES.map((choice) => (
          <label key={choice} className="portico-list-item" data-checked={value === choice}>
            <input type="radio" name="portico-swap-slippage" checked={value === choice} onChange={() => onChange(choice)} />
            {formatPercent(choice, locale)}
          </label>
        ))}
      </div>
    </div>
  );
}
