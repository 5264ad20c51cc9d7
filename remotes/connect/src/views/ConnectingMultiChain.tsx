import { routerAtom, type PorticoViewProps } from '@portico/shared-state';
import { ErrorPanel, ListItem, RoundIcon, WalletIcon } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { WalletName } from '../components/WalletName';
import { useListedConnectors } from '../hooks/useListedConnectors';
import { useConnectMessages } from '../messages';
import { connectorImage, namespaceIcon } from '../wallets';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * AppKit's "Select Chain" (`w3m-connecting-multi-chain-view`): a wallet installed in several namespaces (the MULTI_CHAIN
 * connector of router data `connectorId`) asks which to connect, one row per namespace with its network's icon ("EVM
 * Networks", "Solana"); a row connects that namespace's connector through ConnectingExternal.
 */
export default function ConnectingMultiChain({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const connectorId = useAtomValue(routerAtom).data?.connectorId;
  const wallet = useListedConnectors(portico).find((connector) => connector.id === connectorId && connector.connectors);

  if (!wallet?.connectors) return <ErrorPanel message={t('external.unavailable')} />;

  return (
    <div className="portico-stack">
      <div className="portico-center">
        <WalletIcon src={connectorImage(wallet, portico.options.apiUrl).src} large />
        <div className="portico-stack">
          <p className="portico-title">
            <WalletName name={wallet.name} within={(name) => t('multiChain.title', { name })} />
          </p>
          <p className="portico-muted">{t('multiChain.hint')}</p>
        </div>
      </div>
      <ul className="portico-list" aria-label={t('multiChain.chains', { name: wallet.name })}>
        {wallet.connectors.map((child) => {
          const chainName = t(`multiChain.chain.${child.chain}`);
          return (
            <li key={child.chain}>
              <ListItem icon={<RoundIcon src={namespaceIcon(portico.options.networks, child.chain)} text={chainName} size={40} />} onClick={() => void portico.connectExternal(child.id)}>
                {chainName}
              </ListItem>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
