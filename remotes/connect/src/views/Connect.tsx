import { connectWalletList, connectorsAtom, type PorticoViewProps } from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { WalletIcon } from '../components/WalletIcon';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;

/** The first view: the wallets this browser has, each one click from connecting. */
export default function Connect({ portico }: PorticoViewProps) {
  const connectors = useAtomValue(connectorsAtom);
  const wallets = connectWalletList(connectors, {
    isMobile: portico.environment.isMobile,
    excludeWalletIds: portico.options.excludeWalletIds,
  });

  if (wallets.length === 0) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">No wallet was found in this browser.</p>
        <p className="portico-muted">Install a browser wallet, then reload this page.</p>
      </div>
    );
  }

  return (
    <ul className="portico-list" aria-label="Wallets">
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button type="button" className="portico-list-item" onClick={() => void portico.connectExternal(wallet.id)}>
            <WalletIcon src={wallet.imageUrl} />
            <span>{wallet.name}</span>
            {wallet.installed && (
              <span className="portico-tag" aria-hidden="true">
                installed
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
