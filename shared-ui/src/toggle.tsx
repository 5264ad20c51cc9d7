import type { ReactNode } from 'react';

export interface ToggleProps {
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  /** The visible label, which is also the checkbox's accessible name. */
  children: ReactNode;
}

/**
 * A labelled checkbox for an on/off choice (off by default where the choice grants something).
 *
 * @example
 * <Toggle checked={swap.unlimitedApproval} onChange={(on) => portico.swap.setUnlimitedApproval(on)}>
 *   Allow unlimited {token.symbol}
 * </Toggle>
 */
export function Toggle({ checked, onChange, disabled, children }: ToggleProps) {
  return (
    <label className="portico-toggle">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {children}
    </label>
  );
}
