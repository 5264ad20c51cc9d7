import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabsProps<T extends string> {
  /** The tablist's accessible name ("Assets and activity"). */
  label: string;
  /** The tabs in order; each is also its visible name unless `tabName` gives one. */
  tabs: readonly T[];
  /** A tab's visible name (in the modal's locale); the tab itself when absent. */
  tabName?: (tab: T) => string;
  selected: NoInfer<T>;
  onSelect(tab: NoInfer<T>): void;
  /** The selected tab's panel content (only the selected panel is rendered). */
  children: (tab: T) => ReactNode;
}

/**
 * An ARIA tablist with automatic activation: click, or arrows (wrapping), Home and End move focus
 * and select. Every tab has a `tabpanel` labelled by it; hidden ones are empty. Where the selection
 * lives is the caller's (a state atom, so it survives leaving the view).
 *
 * @example
 * <Tabs label="Assets and activity" tabs={['Tokens', 'NFTs']} selected={tab} onSelect={setTab}>
 *   {(tab) => (tab === 'Tokens' ? <TokensPanel /> : <NftsPanel />)}
 * </Tabs>
 */
export function Tabs<T extends string>({ label, tabs, tabName = (tab) => tab, selected, onSelect, children }: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = (tab: T) => `${baseId}-panel-${tab}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab);
    tabRefs.current.get(tab)?.focus();
  };

  return (
    <div className="portico-stack portico-full-width">
      <div role="tablist" aria-label={label} className="portico-tablist">
        {tabs.map((tab) => {
          const isSelected = tab === selected;
          return (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabRefs.current.set(tab, element);
                else tabRefs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={isSelected}
              aria-controls={panelId(tab)}
              tabIndex={isSelected ? 0 : -1}
              className={isSelected ? 'portico-button' : 'portico-button portico-button-secondary'}
              onClick={() => onSelect(tab)}
              onKeyDown={onKeyDown}
            >
              {tabName(tab)}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== selected}
          tabIndex={tab === selected ? 0 : -1}
        >
          {tab === selected && children(tab)}
        </div>
      ))}
    </div>
  );
}
