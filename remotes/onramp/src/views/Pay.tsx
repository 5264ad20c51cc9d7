import { activeAccountAtom, activeNetworkAtom, portfolioAtom, sendAtom, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard, EmptyState } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { payToken, type Payment as HostPayment } from '../components/payment';
import { PaymentStatus } from '../components/PaymentStatus';
import { PayReview } from '../components/PayReview';
import { useOnRampMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Pay (flag `pay`, spec section 2): a payment of a fixed amount to a recipient, both set by the
 * host (`pay: { recipient, amount, symbol }`), sent through the send path (`portico.send`): the
 * same validation, fee estimate, wallet signature and confirmation as Send.
 */
export default function Pay({ portico }: PorticoViewProps) {
  const pay = portico.options.pay;
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const t = useOnRampMessages();

  useEffect(() => {
    if (!pay) return;
    // The payment owns the send state while it is shown: nothing left over from Send.
    portico.send.reset();
    void portico.accountData.refreshTokens();
  }, [portico, pay, account.address, network?.caipNetworkId]);

  if (!pay) return <EmptyState>{t('pay.notSetUp')}</EmptyState>;
  return (
    <ConnectionGuard message={t('guard.pay')}>
      <Payment portico={portico} pay={pay} />
    </ConnectionGuard>
  );
}

// Statuses of a payment under way; before it starts, the send state may hold a preview's leftovers.
const UNDER_WAY = new Set(['awaiting-signature', 'pending', 'unconfirmed', 'failed', 'success']);

function Payment({ portico, pay }: PorticoViewProps & { pay: HostPayment }) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const portfolio = useAtomValue(portfolioAtom);
  const send = useAtomValue(sendAtom);
  const [started, setStarted] = useState(false);
  const token = payToken(pay.symbol, portfolio.balances, account.balance, account.balanceSymbol, network);

  const preview = async () => {
    if (!token) return;
    setStarted(true);
    portico.send.setToken(token);
    portico.send.setAmount(pay.amount);
    portico.send.setReceiver(pay.recipient);
    await portico.send.preview();
  };

  if (started && UNDER_WAY.has(send.status)) return <PaymentStatus portico={portico} onTryAgain={() => void preview()} />;
  return <PayReview portico={portico} pay={pay} token={token} started={started} onPay={() => void preview()} />;
}
