import {
  accountsAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  describeSwitchFailure,
  walletNeededFor,
  type CaipNetwork,
  type ChainNamespace,
  type PorticoViewProps,
  type SwitchFailure,
} from '@portico/shared-state';
import { ListItem, NAMESPACE_TITLES, RoundIcon } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { NamespaceWalletOffer } from '../components/NamespaceWalletOffer';
import { SwitchFailureAlert } from '../components/SwitchFailureAlert';
import { useAccountMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** The networks per namespace, namespaces in the order the host first configured one of theirs. */
function byNamespace(networks: readonly CaipNetwork[]): [ChainNamespace, CaipNetwork[]][] {
  const groups = new Map<ChainNamespace, CaipNetwork[]>();
  for (const network of networks) groups.set(network.chainNamespace, [...(groups.get(network.chainNamespace) ?? []), network]);
  return [...groups];
}

/**
 * The host's configured networks; picking one asks the wallet to switch (a failure names the network and says why).
 * Networks of several namespaces are grouped under their namespace's heading (EVM, Solana, Bitcoin, Polkadot,
 * Cosmos), each group a region named by it; picking one in a namespace with no wallet offers to connect one there
 * instead of leaving the page without a wallet.
 */
export default function Networks({ portico }: PorticoViewProps) {
  const t = useAccountMessages();
  const active = useAtomValue(activeNetworkAtom);
  const accounts = useAtomValue(accountsAtom);
  const activeNamespace = useAtomValue(activeNamespaceAtom);
  const [failure, setFailure] = useState<{ network: CaipNetwork } & SwitchFailure>();
  const [offer, setOffer] = useState<CaipNetwork>();
  const [pending, setPending] = useState<string>();
  const headingId = useId();
  const groups = byNamespace(portico.options.networks);

  const choose = async (network: CaipNetwork) => {
    setFailure(undefined);
    setOffer(undefined);
    if (walletNeededFor(accounts, activeNamespace, network)) return setOffer(network);
    setPending(network.caipNetworkId);
    try {
      await portico.connection.switchNetwork(network);
      portico.router.goBack();
    } catch (switchError) {
      setFailure({ network, ...(await describeSwitchFailure(switchError)) });
    } finally {
      setPending(undefined);
    }
  };

  const list = (networks: readonly CaipNetwork[], label: string) => (
    <ul className="portico-list" aria-label={label}>
      {networks.map((network) => (
        <li key={network.caipNetworkId}>
          <ListItem
            icon={<RoundIcon src={network.assets?.imageUrl} text={network.name} size={28} />}
            aria-current={network.caipNetworkId === active?.caipNetworkId}
            disabled={pending !== undefined}
            tag={pending === network.caipNetworkId ? t('networks.approveInWallet') : undefined}
            tagAnnounced
            onClick={() => void choose(network)}
          >
            {network.name}
          </ListItem>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="portico-stack">
      {groups.length === 1
        ? list(portico.options.networks, t('networks.label'))
        : groups.map(([namespace, networks]) => (
            <section key={namespace} aria-labelledby={`${headingId}-${namespace}`} className="portico-stack">
              <h3 id={`${headingId}-${namespace}`} className="portico-section-label">
                {NAMESPACE_TITLES[namespace]}
              </h3>
              {list(networks, t('networks.ofNamespace', { namespace: NAMESPACE_TITLES[namespace] }))}
            </section>
          ))}
      {failure && <SwitchFailureAlert network={failure.network} failure={failure} />}
      {offer && <NamespaceWalletOffer portico={portico} network={offer} />}
      <button type="button" className="portico-help-link" onClick={() => portico.router.push('WhatIsANetwork')}>
        {t('networks.whatIs')}
      </button>
    </div>
  );
}
