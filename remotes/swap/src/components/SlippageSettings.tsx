import { swapAtom, type PorticoViewProps } from '@portico/shared-state';
import { Popover, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useSwapMessages } from '../messages';
import { formatPercent } from '../percent';

/** Slippage choices, percent (spec section 9: 1 % by default). */
export const SLIPPAGE_CHOICES = [0.5, 1, 2, 3] as const;

/** The gear button and its popover: "Slippage tolerance" as a row of radios named by their percentage ("1%"). */
export function SlippageSettings({ portico }: PorticoViewProps) {
  const { slippage } = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const { locale } = useLocale();
  const labelId = useId();
  return (
    <Popover label={t('slippage.settings')} icon={<GearIcon />}>
      <p id={labelId} className="portico-muted">
        {t('slippage.label')}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="portico-choice-row">
        {SLIPPAGE_CHOICES.map((choice) => (
          <label key={choice} data-checked={slippage === choice}>
            <input type="radio" name="portico-swap-slippage" checked={slippage === choice} onChange={() => portico.swap.setSlippage(choice)} />
            {formatPercent(choice, locale)}
          </label>
        ))}
      </div>
      <p className="portico-muted">{t('slippage.explain')}</p>
    </Popover>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M8 1.5v1.7M8 12.8v1.7M1.5 8h1.7M12.8 8h1.7M3.4 3.4l1.2 1.2M11.4 11.4l1.2 1.2M3.4 12.6l1.2-1.2M11.4 4.6l1.2-1.2"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
