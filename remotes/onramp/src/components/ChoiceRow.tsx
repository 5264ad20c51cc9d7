import { useId } from 'react';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A row of radios drawn as segments (`portico-choice-row`), each named by its label; `value` matching none leaves
 * all unchecked (an amount typed by hand among the presets). Could move to the UI kit: Swap's slippage row is
 * the same pattern.
 */
export function ChoiceRow({ label, choices, value, onChange }: { label: string; choices: readonly Choice[]; value: string; onChange(value: string): void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="portico-choice-row">
      {choices.map((choice) => (
        <label key={choice.value} data-checked={choice.value === value}>
          <input type="radio" name={name} checked={choice.value === value} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
    </div>
  );
}
