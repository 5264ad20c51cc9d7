import { activeNetworkAtom, describeSwitchFailure, type PorticoCore, type SwitchFailure } from '@portico/shared-state';
import type { PaymentPlan } from '@portico/shared-state/pay';
import { NAMESPACE_TITLES } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useOnRampMessages } from '../messages';

/**
 * The payment is on another network than the active one: nothing is sent from here. With a wallet in the payment's
 * namespace (or the same one) the person switches the wallet to its network; with none there, Connect opens for that
 * namespace on that network (as Choose Network does). A failed switch names the network and says why.
 */
export function PayNetworkSwitch({ portico, plan }: { portico: PorticoCore; plan: Extract<PaymentPlan, { kind: 'connect' | 'switch' }> }) {
  const active = useAtomValue(activeNetworkAtom);
  const t = useOnRampMessages();
  const why = useId();
  const [switching, setSwitching] = useState(false);
  const [failure, setFailure] = useState<SwitchFailure>();
  const { network } = plan;
  const namespace = NAMESPACE_TITLES[network.chainNamespace];

  const switchNetwork = async () => {
    setFailure(undefined);
    setSwitching(true);
    try {
      await portico.connection.switchNetwork(network);
    } catch (error) {
      setFailure(await describeSwitchFailure(error));
    } finally {
      setSwitching(false);
    }
  };
  const connect = () => {
    portico.modal.showConnectFor(network.chainNamespace, { comeBack: true });
    void portico.connection.switchNetwork(network);
  };
  const failed = failure && {
    declined: t('pay.switchDeclined', { network: network.name }),
    unsupported: t('pay.switchUnsupported', { network: network.name }),
    failed: t('pay.switchFailed', { network: network.name }),
  }[failure.reason];

  return (
    <>
      <p id={why} className="portico-muted">
        {plan.kind === 'connect'
          ? t('pay.needsWallet', { namespace, network: network.name })
          : t('pay.otherNetwork', { network: network.name, current: active?.name ?? '' })}
      </p>
      {failed && (
        <p role="alert" className="portico-error-text">
          {failure.detail ? `${failed} ${failure.detail}` : failed}
        </p>
      )}
      {plan.kind === 'connect' ? (
        <button type="button" className="portico-button portico-button-block" aria-describedby={why} onClick={connect}>
          {t('pay.connectWallet', { namespace })}
        </button>
      ) : (
        <button type="button" className="portico-button portico-button-block" aria-describedby={why} disabled={switching} onClick={() => void switchNetwork()}>
          {switching ? t('pay.approveInWallet') : t('pay.switchTo', { network: network.name })}
        </button>
      )}
    </>
  );
}
