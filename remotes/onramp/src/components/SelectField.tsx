import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled drop-down (the asset, currency and payment method of a purchase); its accessible name
 * is the label.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<SelectOption>;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="portico-muted">
        {label}
      </label>
      <select id={id} className="portico-search" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
