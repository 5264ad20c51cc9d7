import {
  activeAccountAtom,
  activeNetworkAtom,
  portfolioAtom,
  sendAtom,
  shortenAddress,
  type BalanceItem,
  type PorticoViewProps,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

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
  const portfolio = useAtomValue(portfolioAtom);
  const send = useAtomValue(sendAtom);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!pay) return;
    // The payment owns the send state while it is shown: nothing left over from Send.
    portico.send.reset();
    void portico.accountData.refreshTokens();
  }, [portico, pay, account.address, network?.caipNetworkId]);

  if (!pay) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">This site has not set up a payment.</p>
      </div>
    );
  }
  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{account.status === 'connecting' ? 'Reconnecting…' : 'Connect a wallet to pay.'}</p>
      </div>
    );
  }

  const token = payToken(pay.symbol, portfolio.balances, account.balance, account.balanceSymbol, network);
  const summary = (
    <dl className="portico-list" style={{ margin: 0 }}>
      {(
        [
          ['Amount', `${pay.amount} ${pay.symbol}`],
          ['To', shortenAddress(pay.recipient)],
          ['Network', network?.name ?? ''],
          ...(started && send.fee !== undefined ? ([['Network fee', `${send.fee} ${network?.nativeCurrency.symbol ?? ''}`]] as const) : []),
        ] as const
      ).map(([term, detail]) => (
        <div key={term} className="portico-list-item" style={{ justifyContent: 'space-between', cursor: 'default' }}>
          <dt className="portico-muted">{term}</dt>
          <dd style={{ margin: 0 }} title={term === 'To' ? pay.recipient : undefined}>
            {detail}
          </dd>
        </div>
      ))}
    </dl>
  );

  const preview = async () => {
    if (!token) return;
    setStarted(true);
    portico.send.setToken(token);
    portico.send.setAmount(pay.amount);
    portico.send.setReceiver(pay.recipient);
    await portico.send.preview();
  };

  if (started && (send.status === 'awaiting-signature' || send.status === 'pending')) {
    return (
      <div className="portico-panel" role="status">
        <span className="portico-spinner" aria-hidden="true" />
        <p>{send.status === 'pending' ? 'Paying…' : 'Confirm the payment in your wallet'}</p>
      </div>
    );
  }
  if (started && send.status === 'success' && send.lastTransaction) {
    return (
      <div className="portico-panel">
        <div role="status" className="portico-stack">
          <p className="portico-balance">Payment sent</p>
          <p>
            {send.lastTransaction.amount} {send.lastTransaction.symbol} to {shortenAddress(send.lastTransaction.receiver)}
          </p>
        </div>
        <button type="button" className="portico-button portico-button-block" onClick={() => portico.router.goBack()}>
          Done
        </button>
      </div>
    );
  }

  return (
    <div className="portico-stack">
      <p className="portico-muted">Review the payment</p>
      {summary}
      {!token && (
        <p role="alert" className="portico-error-text">
          {portfolio.loading ? 'Loading balances…' : `No ${pay.symbol} balance on ${network?.name ?? 'this network'}`}
        </p>
      )}
      {started && send.error && (
        <p role="alert" className="portico-error-text">
          {send.status === 'failed' ? `Payment failed: ${send.error}` : send.error}
        </p>
      )}
      {started && send.status === 'preview' ? (
        <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.send()}>
          Confirm payment
        </button>
      ) : (
        <button
          type="button"
          className="portico-button portico-button-block"
          disabled={!token || send.status === 'estimating'}
          onClick={() => void preview()}
        >
          {send.status === 'estimating' ? 'Estimating fee…' : started && send.status === 'failed' ? 'Try again' : `Pay ${pay.amount} ${pay.symbol}`}
        </button>
      )}
    </div>
  );
}

/** The balance to pay with: the token of that symbol, or the native currency from the account's own balance. */
function payToken(
  symbol: string,
  balances: BalanceItem[],
  balance: string | undefined,
  balanceSymbol: string | undefined,
  network: { caipNetworkId: string; nativeCurrency: { name: string; symbol: string; decimals: number } } | undefined,
): BalanceItem | undefined {
  const listed = balances.find((b) => b.symbol === symbol && (!network || b.chainId === network.caipNetworkId));
  if (listed) return listed;
  if (!network || balance === undefined || symbol !== (balanceSymbol ?? network.nativeCurrency.symbol)) return undefined;
  return {
    name: network.nativeCurrency.name,
    symbol,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric: balance },
  };
}
