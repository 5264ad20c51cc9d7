import {
  activeAccountAtom,
  activeNetworkAtom,
  formatBalance,
  portfolioAtom,
  sendAtom,
  shortenAddress,
  type BalanceItem,
  type PorticoViewProps,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { formatFee, nativeToken, tokenKey } from '../tokens';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Send (spec sections 3-5): pick a token, an amount and a receiver, preview with the network fee,
 * then the wallet signs. Every step is a call on `portico.send`; this view only renders `sendAtom`.
 */
export default function WalletSend({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const send = useAtomValue(sendAtom);

  useEffect(() => {
    void portico.accountData.refreshTokens();
  }, [portico, account.address, network?.caipNetworkId]);

  // A success screen left open when the modal closed is not shown again on the next visit.
  useEffect(() => {
    if (portico.store.get(sendAtom).status === 'success') portico.send.reset();
  }, [portico]);

  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{account.status === 'connecting' ? 'Reconnecting…' : 'Connect a wallet to send.'}</p>
      </div>
    );
  }

  switch (send.status) {
    case 'preview':
      return <Preview portico={portico} />;
    case 'awaiting-signature':
      return (
        <div className="portico-panel" role="status">
          <span className="portico-spinner" aria-hidden="true" />
          <p>Confirm the transaction in your wallet</p>
        </div>
      );
    case 'pending':
      return (
        <div className="portico-panel" role="status">
          <span className="portico-spinner" aria-hidden="true" />
          <p>Sending…</p>
          <p className="portico-muted">Waiting for the network to confirm the transaction.</p>
          {send.pendingHash && (
            <p className="portico-muted" title={send.pendingHash}>
              Transaction {shortenAddress(send.pendingHash)}
            </p>
          )}
        </div>
      );
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <div className="portico-panel">
          <div role="alert" className="portico-stack">
            <p>Transaction sent, not yet confirmed</p>
            <p className="portico-muted">{send.error}</p>
            {send.pendingHash && (
              <p className="portico-muted" title={send.pendingHash}>
                Transaction {shortenAddress(send.pendingHash)}
              </p>
            )}
          </div>
          <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.checkAgain()}>
            Check again
          </button>
        </div>
      );
    case 'success':
      return <Success portico={portico} />;
    case 'failed':
      return (
        <div className="portico-panel">
          <div role="alert" className="portico-stack">
            <p className="portico-error-text">Transaction failed</p>
            <p className="portico-muted">{send.error}</p>
          </div>
          <div className="portico-stack" style={{ width: '100%' }}>
            <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.preview()}>
              Try again
            </button>
            <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={() => portico.send.edit()}>
              Edit
            </button>
          </div>
        </div>
      );
    default:
      return <SendForm portico={portico} />;
  }
}

function SendForm({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const portfolio = useAtomValue(portfolioAtom);
  const send = useAtomValue(sendAtom);
  const ids = { token: useId(), amount: useId(), receiver: useId(), error: useId() };
  const amountRef = useRef<HTMLInputElement>(null);

  // Without the blockchain API the native balance still makes the native token sendable.
  const apiFailed = portfolio.unavailable || portfolio.lastFailure !== undefined;
  const fallback = apiFailed && portfolio.balances.length === 0 && !portfolio.loading ? nativeToken(account, network) : undefined;
  const tokens: BalanceItem[] = fallback ? [fallback] : portfolio.balances;
  const selected = send.token ? tokenKey(send.token) : undefined;
  const estimating = send.status === 'estimating';
  const describedBy = send.error ? ids.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!estimating) void portico.send.preview();
  };

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={estimating || undefined}>
      <div className="portico-stack">
        <span id={ids.token} className="portico-muted">
          Token
        </span>
        {tokens.length === 0 ? (
          <p className="portico-muted" role="status">
            {portfolio.loading ? 'Loading tokens…' : 'No tokens to send'}
          </p>
        ) : (
          <div role="radiogroup" aria-labelledby={ids.token} className="portico-list">
            {tokens.map((token) => {
              const key = tokenKey(token);
              const checked = key === selected;
              return (
                <label
                  key={key}
                  className="portico-list-item"
                  style={{ cursor: 'pointer', boxShadow: checked ? 'inset 0 0 0 1px var(--portico-accent)' : undefined }}
                >
                  <input
                    type="radio"
                    name="portico-send-token"
                    value={key}
                    checked={checked}
                    aria-label={`${token.symbol}, balance ${formatBalance(token.quantity.numeric)}`}
                    onChange={() => portico.send.setToken(token)}
                    style={{ margin: 0 }}
                  />
                  {token.iconUrl && (
                    <img src={token.iconUrl} alt="" width={20} height={20} loading="lazy" style={{ borderRadius: '50%' }} />
                  )}
                  <span>{token.symbol}</span>
                  <span className="portico-muted" style={{ marginLeft: 'auto' }}>
                    {formatBalance(token.quantity.numeric)}
                  </span>
                </label>
              );
            })}
          </div>
        )}
      </div>

      <label htmlFor={ids.amount} className="portico-muted">
        Amount
      </label>
      <div className="portico-row">
        <input
          id={ids.amount}
          ref={amountRef}
          className="portico-search"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={send.sendTokenAmount}
          aria-describedby={describedBy}
          aria-invalid={isAmountError(send.error) || undefined}
          onChange={(event) => portico.send.setAmount(event.target.value)}
        />
        <button
          type="button"
          className="portico-button portico-button-secondary"
          disabled={!send.token}
          onClick={() => {
            portico.send.setMax();
            amountRef.current?.focus();
          }}
        >
          Max
        </button>
      </div>

      <label htmlFor={ids.receiver} className="portico-muted">
        Receiver address
      </label>
      <input
        id={ids.receiver}
        className="portico-search"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        value={send.receiverAddress}
        aria-describedby={describedBy}
        aria-invalid={send.error === 'Invalid address' || undefined}
        onChange={(event) => portico.send.setReceiver(event.target.value)}
      />

      {send.error && (
        <p id={ids.error} role="alert" className="portico-error-text">
          {send.error}
        </p>
      )}

      <button type="submit" className="portico-button portico-button-block" disabled={estimating}>
        {estimating ? 'Estimating fee…' : 'Preview send'}
      </button>
    </form>
  );
}

const isAmountError = (error: string | undefined) =>
  error === 'Insufficient funds' || error === 'Invalid amount' || Boolean(error?.startsWith('Too many decimals'));

function Preview({ portico }: PorticoViewProps) {
  const network = useAtomValue(activeNetworkAtom);
  const send = useAtomValue(sendAtom);
  const receiver = send.receiverAddress.trim();
  const symbol = send.token?.symbol ?? network?.nativeCurrency.symbol ?? '';
  const rows: Array<[string, ReactNode]> = [
    ['Token', symbol],
    ['Amount', `${send.sendTokenAmount} ${symbol}`],
    [
      'To',
      <span title={receiver} key="to">
        {shortenAddress(receiver)}
      </span>,
    ],
    ['Network', network?.name ?? ''],
    ['Network fee', send.fee !== undefined ? `${formatFee(send.fee)} ${network?.nativeCurrency.symbol ?? ''}`.trim() : '—'],
  ];
  return (
    <div className="portico-stack">
      <p className="portico-muted">Review the transfer</p>
      <dl className="portico-list" style={{ margin: 0 }}>
        {rows.map(([term, detail]) => (
          <div key={term} className="portico-list-item" style={{ justifyContent: 'space-between', cursor: 'default' }}>
            <dt className="portico-muted">{term}</dt>
            <dd style={{ margin: 0 }}>{detail}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.send()}>
        Send
      </button>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={() => portico.send.edit()}>
        Edit
      </button>
    </div>
  );
}

function Success({ portico }: PorticoViewProps) {
  const { lastTransaction } = useAtomValue(sendAtom);
  const done = () => {
    portico.send.reset();
    portico.router.goBack();
  };
  return (
    <div className="portico-panel">
      <div role="status" className="portico-stack">
        <p className="portico-balance">Sent</p>
        {lastTransaction && (
          <p>
            {lastTransaction.amount} {lastTransaction.symbol} to{' '}
            <span title={lastTransaction.receiver}>{shortenAddress(lastTransaction.receiver)}</span>
          </p>
        )}
      </div>
      {lastTransaction?.explorerUrl && (
        <a className="portico-muted" href={lastTransaction.explorerUrl} target="_blank" rel="noreferrer">
          View on block explorer
        </a>
      )}
      <button type="button" className="portico-button portico-button-block" onClick={done}>
        Done
      </button>
    </div>
  );
}
