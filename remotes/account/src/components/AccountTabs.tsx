import { accountsAtom, activeAccountAtom, activeNamespaceAtom, type AccountTab, type PorticoCore } from '@portico/shared-state';
import { Tabs } from '@portico/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { ActivityPanel } from './ActivityPanel';
import { NftsPanel } from './NftsPanel';
import { TokensPanel } from './TokensPanel';

/**
 * Tokens, NFTs and Activity (the kit's `Tabs`). The selected tab is kept in the account state
 * (`currentTab`), so it survives going to Networks or Receive and back.
 */
export function AccountTabs({ portico, address, caipAddress }: { portico: PorticoCore; address: string; caipAddress: string }) {
  const account = useAtomValue(activeAccountAtom);
  const namespace = useAtomValue(activeNamespaceAtom);
  const setAccounts = useSetAtom(accountsAtom);
  const tabs: AccountTab[] = portico.options.features.history ? ['Tokens', 'NFTs', 'Activity'] : ['Tokens', 'NFTs'];
  const selected = account.currentTab && tabs.includes(account.currentTab) ? account.currentTab : 'Tokens';

  const select = (tab: AccountTab) =>
    setAccounts((accounts) => {
      const current = accounts[namespace];
      return current ? { ...accounts, [namespace]: { ...current, currentTab: tab } } : accounts;
    });

  return (
    <Tabs label="Assets and activity" tabs={tabs} selected={selected} onSelect={select}>
      {(tab) =>
        tab === 'Tokens' ? (
          <TokensPanel portico={portico} caipAddress={caipAddress} />
        ) : tab === 'NFTs' ? (
          <NftsPanel portico={portico} caipAddress={caipAddress} />
        ) : (
          <ActivityPanel portico={portico} caipAddress={caipAddress} address={address} />
        )
      }
    </Tabs>
  );
}
