import { accountsAtom, activeAccountAtom, activeNetworkAtom, portfolioAtom, sendAtom, type PorticoViewProps } from '@portico/shared-state';
import { formatHuman } from '@portico/shared-state/amounts';
import { planPayment, type Payment as HostPayment } from '@portico/shared-state/pay';
import { ConnectionGuard, EmptyState, NAMESPACE_TITLES, useLocale, type DetailRow } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { payToken } from '../components/payment';
import { PaymentStatus } from '../components/PaymentStatus';
import { PayActions, PayReview } from '../components/PayReview';
import { PayNetworkSwitch } from '../components/PayNetworkSwitch';
import { useOnRampMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Pay (flag `pay`, spec section 2, issue 32): a payment of a fixed amount to a recipient, both set by the host
 * (`pay: { recipient, amount, symbol, network? }`), in the recipient's namespace (eip155 or solana), sent through the
 * send path (`portico.send`): the same validation, fee estimate, wallet signature and confirmation as Send. On
 * another network than the payment's it offers the switch (or a wallet in that namespace) instead of sending.
 */
export default function Pay({ portico }: PorticoViewProps) {
  const pay = portico.options.pay;
  const accounts = useAtomValue(accountsAtom);
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
  const plan = planPayment(pay, portico.options.networks, network, accounts);
  // No configured network can take it: said at once, with or without a wallet (never an error thrown at the host).
  if (plan.kind === 'unsupported') {
    return (
      <PayReview pay={pay}>
        <p role="alert" className="portico-error-text">
          {t('pay.chainNotSupported')}
        </p>
        <p className="portico-muted">{t('pay.notOffered', { namespace: NAMESPACE_TITLES[plan.namespace] })}</p>
      </PayReview>
    );
  }
  return (
    <ConnectionGuard message={t('guard.pay')}>
      {plan.kind === 'pay' ? (
        <Payment portico={portico} pay={pay} />
      ) : (
        <PayReview pay={pay} network={plan.network}>
          <PayNetworkSwitch portico={portico} plan={plan} />
        </PayReview>
      )}
    </ConnectionGuard>
  );
}

// Statuses of a payment under way; before it starts, the send state may hold a preview's leftovers.
const UNDER_WAY = new Set(['awaiting-signature', 'pending', 'unconfirmed', 'failed', 'success']);

/** On the payment's network: review, pay, then its status until it is confirmed. */
function Payment({ portico, pay }: PorticoViewProps & { pay: HostPayment }) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const portfolio = useAtomValue(portfolioAtom);
  const send = useAtomValue(sendAtom);
  const t = useOnRampMessages();
  const { locale } = useLocale();
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
  // A fee in human precision (a gas fee has 18 decimals of dust); the exact one is the row's title.
  const fee: DetailRow[] =
    started && send.fee !== undefined
      ? [{ term: t('field.networkFee'), detail: `${formatHuman(send.fee, locale)} ${network?.nativeCurrency.symbol ?? ''}`, exact: send.fee }]
      : [];
  return (
    <PayReview pay={pay} network={network} rows={fee}>
      <PayActions portico={portico} pay={pay} network={network} token={token} started={started} onPay={() => void preview()} />
    </PayReview>
  );
}
