import type { CaipNetwork, PorticoCore } from '@portico/shared-state';
import { NAMESPACE_TITLES } from '@portico/ui';
import { useEffect, useId, useRef } from 'react';
import { useAccountMessages } from '../messages';

/**
 * `network` is in a namespace with no wallet connected: switching there would leave the page without one, so the
 * person is offered to connect one first (Connect lists only that namespace's wallets). The button takes focus: it
 * is what the person's pick led to, and says why.
 */
export function NamespaceWalletOffer({ portico, network }: { portico: PorticoCore; network: CaipNetwork }) {
  const t = useAccountMessages();
  const button = useRef<HTMLButtonElement>(null);
  const why = useId();
  const namespace = NAMESPACE_TITLES[network.chainNamespace];
  useEffect(() => button.current?.focus(), [network]);

  // Connect comes on top of Choose Network (Back returns to it, and to the network the page had). The wallet then
  // connects on the picked network: it is made active (no wallet is there to ask).
  const connect = () => {
    portico.modal.showConnectFor(network.chainNamespace);
    void portico.connection.switchNetwork(network);
  };

  return (
    <div className="portico-stack">
      <p id={why} className="portico-muted">
        {t('networks.needsWallet', { namespace, network: network.name })}
      </p>
      <button ref={button} type="button" className="portico-button portico-button-block" aria-describedby={why} onClick={connect}>
        {t('networks.connectWallet', { namespace })}
      </button>
    </div>
  );
}
