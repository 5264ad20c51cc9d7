import { accountsAtom, activeAccountAtom, activeNamespaceAtom, type AccountTab, type PorticoCore } from '@portico/shared-state';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useRef, type KeyboardEvent } from 'react';
import { ActivityPanel } from './ActivityPanel';
import { NftsPanel } from './NftsPanel';
import { TokensPanel } from './TokensPanel';

/**
 * Tokens, NFTs and Activity as an ARIA tablist (automatic activation: arrows, Home and End move
 * and select). The selected tab is kept in the account state (`currentTab`), so it survives
 * going to Networks or Receive and back.
 */
export function AccountTabs({ portico, address, caipAddress }: { portico: PorticoCore; address: string; caipAddress: string }) {
  const account = useAtomValue(activeAccountAtom);
  const namespace = useAtomValue(activeNamespaceAtom);
  const setAccounts = useSetAtom(accountsAtom);
  const tabs: AccountTab[] = portico.options.features.history ? ['Tokens', 'NFTs', 'Activity'] : ['Tokens', 'NFTs'];
  const selected = account.currentTab && tabs.includes(account.currentTab) ? account.currentTab : 'Tokens';
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({});
  const tabId = (tab: AccountTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: AccountTab) => `${baseId}-panel-${tab}`;

  const select = (tab: AccountTab) => {
    setAccounts((accounts) => {
      const current = accounts[namespace];
      return current ? { ...accounts, [namespace]: { ...current, currentTab: tab } } : accounts;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next]!;
    select(tab);
    tabRefs.current[tab]?.focus();
  };

  return (
    <div className="portico-stack" style={{ width: '100%', textAlign: 'left' }}>
      <div role="tablist" aria-label="Assets and activity" className="portico-row" style={{ justifyContent: 'stretch' }}>
        {tabs.map((tab) => {
          const isSelected = tab === selected;
          return (
            <button
              key={tab}
              ref={(element) => {
                tabRefs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={isSelected}
              aria-controls={panelId(tab)}
              tabIndex={isSelected ? 0 : -1}
              className={isSelected ? 'portico-button' : 'portico-button portico-button-secondary'}
              style={{ flex: 1, minHeight: 32 }}
              onClick={() => select(tab)}
              onKeyDown={onKeyDown}
            >
              {tab}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab} role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={tab !== selected} tabIndex={tab === selected ? 0 : -1}>
          {tab === selected && tab === 'Tokens' && <TokensPanel portico={portico} caipAddress={caipAddress} />}
          {tab === selected && tab === 'NFTs' && <NftsPanel portico={portico} caipAddress={caipAddress} />}
          {tab === selected && tab === 'Activity' && <ActivityPanel portico={portico} caipAddress={caipAddress} address={address} />}
        </div>
      ))}
    </div>
  );
}
