import { accountsAtom, activeAccountAtom, activeNamespaceAtom, type AccountTab, type PorticoCore } from '@portico/shared-state';
import { Tabs } from '@portico/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useAccountMessages } from '../messages';
import { ActivityPanel } from './ActivityPanel';
import { NftsPanel } from './NftsPanel';
import { TokensPanel } from './TokensPanel';

const TAB_NAMES = { Tokens: 'tab.tokens', NFTs: 'tab.nfts', Activity: 'tab.activity' } as const satisfies Record<AccountTab, string>;

/**
 * Tokens, NFTs and Activity (the kit's `Tabs`). The selected tab is kept in the account state
 * (`currentTab`), so it survives going to Networks or Receive and back.
 */
export function AccountTabs({ portico, address, caipAddress }: { portico: PorticoCore; address: string; caipAddress: string }) {
  const t = useAccountMessages();
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

  const panel = (tab: AccountTab) =>
    tab === 'Tokens' ? (
      <TokensPanel portico={portico} caipAddress={caipAddress} />
    ) : tab === 'NFTs' ? (
      <NftsPanel portico={portico} caipAddress={caipAddress} />
    ) : (
      <ActivityPanel portico={portico} caipAddress={caipAddress} address={address} />
    );

  return (
    <Tabs label={t('tabs.label')} tabs={tabs} tabName={(tab) => t(TAB_NAMES[tab])} selected={selected} onSelect={select}>
      {panel}
    </Tabs>
  );
}
