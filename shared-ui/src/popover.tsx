import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface PopoverProps {
  /** The button's accessible name, also the panel's ("Slippage settings"). */
  label: string;
  /** What the button shows (an icon, a short value); `label` names it. */
  icon: ReactNode;
  /** The panel's content; focus moves to its checked or first control on open. */
  children: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A small settings panel under an icon button (`aria-expanded`, `aria-controls`): a non-modal dialog named
 * by `label`. Opening moves focus into it; Esc closes it (the modal stays open) and returns focus to the
 * button; focus leaving it closes it.
 *
 * @example
 * <Popover label="Slippage settings" icon={<GearIcon />}><SlippageChoices … /></Popover>
 */
export function Popover({ label, icon, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (open) (panel.current?.querySelector<HTMLElement>('input:checked') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    // The popover's own Esc: the modal stays open.
    event.stopPropagation();
    close(true);
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (!panel.current?.contains(next) && next !== button.current) close(false);
  };

  return (
    <div className="portico-popover-anchor">
      <button
        ref={button}
        type="button"
        className="portico-icon-button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {icon}
      </button>
      {open && (
        <div ref={panel} id={panelId} role="dialog" aria-label={label} className="portico-popover" onKeyDown={onKeyDown} onBlur={onBlur}>
          {children}
        </div>
      )}
    </div>
  );
}
