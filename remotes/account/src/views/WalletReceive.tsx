import {
  activeAccountAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  announcementAtom,
  optionsAtom,
  type PorticoViewProps,
} from '@portico/shared-state';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId } from 'react';
import { CopyIcon } from '../components/CopyIcon';
import { QrCode } from '../components/QrCode';
import { copyAddress } from '../lib/copy';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** Receive: the address as a QR code and text, a copy button, and the networks it is valid on. */
export default function WalletReceive({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const activeNetwork = useAtomValue(activeNetworkAtom);
  const namespace = useAtomValue(activeNamespaceAtom);
  const options = useAtomValue(optionsAtom) ?? portico.options;
  const announce = useSetAtom(announcementAtom);
  const networksLabelId = useId();

  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">No wallet is connected.</p>
        <button type="button" className="portico-button" onClick={() => portico.router.reset('Connect')}>
          Connect a wallet
        </button>
      </div>
    );
  }

  const address = account.address;
  const chainNamespace = activeNetwork?.chainNamespace ?? namespace;
  const networks = options.networks.filter((network) => network.chainNamespace === chainNamespace);

  return (
    <div className="portico-center">
      <div className="portico-qr">
        <QrCode value={address} label="QR code for your address" size={216} />
      </div>
      <p className="portico-address" style={{ fontSize: '1em', wordBreak: 'break-all', fontFamily: 'ui-monospace, monospace' }}>
        {address}
      </p>
      <button
        type="button"
        className="portico-button portico-button-secondary"
        onClick={() => void copyAddress(portico, address, announce)}
      >
        <span style={{ display: 'inline-flex', width: 16, height: 16 }}>
          <CopyIcon />
        </span>
        Copy address
      </button>
      <div className="portico-stack" style={{ width: '100%', textAlign: 'left' }}>
        <p className="portico-muted" id={networksLabelId}>
          Only send assets on {networks.length === 1 ? 'this network' : 'these networks'}:
        </p>
        <ul className="portico-list" role="list" aria-labelledby={networksLabelId} style={{ display: 'flex', flexWrap: 'wrap' }}>
          {networks.map((network) => (
            <li key={network.caipNetworkId} className="portico-chip">
              {network.name}
              {network.caipNetworkId === activeNetwork?.caipNetworkId && <span className="portico-visually-hidden"> (current)</span>}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
