import { useKitMessages } from './messages';

export interface Step {
  label: string;
  state: 'done' | 'current' | 'upcoming';
}

export interface StepIndicatorProps {
  /** Names the list ("Steps"). */
  label: string;
  steps: ReadonlyArray<Step>;
  /** What the current step waits for ("Confirm in your wallet"), read out as it changes. */
  status?: string;
}

/**
 * Numbered steps in one row (done ones ticked, the current one `aria-current="step"`) and a status line
 * under them (`role="status"`). It stays where it is while the steps advance, so the view does not move.
 *
 * @example
 * <StepIndicator label="Steps" steps={[{ label: 'Approve PUSD', state: 'done' }, { label: 'Swap', state: 'current' }]}
 *   status="Confirm the swap in your wallet" />
 */
export function StepIndicator({ label, steps, status }: StepIndicatorProps) {
  const t = useKitMessages();
  return (
    <div className="portico-steps">
      <ol aria-label={label}>
        {steps.map((step, index) => (
          <li key={step.label} data-state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className="portico-step-mark" aria-hidden="true">
              {step.state === 'done' ? (
                <svg viewBox="0 0 16 16" focusable="false">
                  <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : (
                index + 1
              )}
            </span>
            <span>{step.label}</span>
            {step.state === 'done' && <span className="portico-visually-hidden">{t('stepDone')}</span>}
          </li>
        ))}
      </ol>
      <p role="status" className="portico-muted portico-steps-status">
        {status}
      </p>
    </div>
  );
}
