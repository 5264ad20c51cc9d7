import {
  activeAccountAtom,
  activeNetworkAtom,
  formatBalance,
  formatTokenAmount,
  minimumReceived,
  portfolioAtom,
  shortenAddress,
  swapAtom,
  swapTokenBalance,
  type PorticoViewProps,
  type SwapQuote,
  type SwapToken,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** Slippage choices, percent (spec section 9: 1 % by default). */
export const SLIPPAGE_CHOICES = [0.5, 1, 2, 3] as const;

/**
 * Swap (spec sections 3, 7–9): pick the tokens, an amount, see the live quote (you receive, price
 * impact, fee) and the slippage; approve the token when its allowance is short, then swap. Every
 * step is a call on `portico.swap`; this view only renders `swapAtom`.
 */
export default function Swap({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const swap = useAtomValue(swapAtom);

  useEffect(() => {
    if (account.status !== 'connected') return;
    void portico.swap.loadTokens();
    void portico.accountData.refreshTokens();
  }, [portico, account.status, account.address, network?.caipNetworkId]);

  // A result left open when the modal closed is not shown again on the next visit.
  useEffect(() => {
    const { status } = portico.store.get(swapAtom);
    if (status === 'success' || status === 'failed') portico.swap.reset();
  }, [portico]);

  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{account.status === 'connecting' ? 'Reconnecting…' : 'Connect a wallet to swap.'}</p>
      </div>
    );
  }

  const from = swap.sourceToken?.symbol ?? '';
  switch (swap.status) {
    case 'awaiting-approval':
      return <Waiting title={`Approve ${from} in your wallet`} detail={`This lets the exchange spend your ${from}.`} />;
    case 'approving':
      return <Waiting title={`Approving ${from}…`} detail="Waiting for the network to confirm the approval." hash={swap.pendingHash} />;
    case 'awaiting-signature':
      return <Waiting title="Confirm the swap in your wallet" />;
    case 'pending':
      return <Waiting title="Swapping…" detail="Waiting for the network to confirm the swap." hash={swap.pendingHash} />;
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <div className="portico-panel">
          <div role="alert" className="portico-stack">
            <p>{swap.unconfirmedStep === 'approve' ? 'Approval sent, not yet confirmed' : 'Swap sent, not yet confirmed'}</p>
            <p className="portico-muted">{swap.error}</p>
            {swap.pendingHash && (
              <p className="portico-muted" title={swap.pendingHash}>
                Transaction {shortenAddress(swap.pendingHash)}
              </p>
            )}
          </div>
          <button type="button" className="portico-button portico-button-block" onClick={() => void portico.swap.checkAgain()}>
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
            <p className="portico-error-text">Swap failed</p>
            <p className="portico-muted">{swap.error}</p>
          </div>
          <div className="portico-stack" style={{ width: '100%' }}>
            <button type="button" className="portico-button portico-button-block" onClick={() => void portico.swap.swap()}>
              Try again
            </button>
            <button
              type="button"
              className="portico-button portico-button-secondary portico-button-block"
              onClick={() => portico.swap.setAmount(swap.sourceTokenAmount)}
            >
              Edit
            </button>
          </div>
        </div>
      );
    default:
      return <SwapForm portico={portico} />;
  }
}

function Waiting({ title, detail, hash }: { title: string; detail?: string; hash?: string }) {
  return (
    <div className="portico-panel" role="status">
      <span className="portico-spinner" aria-hidden="true" />
      <p>{title}</p>
      {detail && <p className="portico-muted">{detail}</p>}
      {hash && (
        <p className="portico-muted" title={hash}>
          Transaction {shortenAddress(hash)}
        </p>
      )}
    </div>
  );
}

/** The swappable tokens with the person's balances, filtered by the search text (symbol or name). */
function useTokenList(search: string) {
  const { tokens } = useAtomValue(swapAtom);
  const { balances } = useAtomValue(portfolioAtom);
  return useMemo(() => {
    const query = search.trim().toLowerCase();
    const withBalance = tokens.map((token) => ({ ...token, balance: swapTokenBalance(token, balances) }));
    return withBalance.filter((t) => !query || t.symbol.toLowerCase().includes(query) || t.name.toLowerCase().includes(query));
  }, [tokens, balances, search]);
}

function TokenGroup({
  label,
  name,
  tokens,
  selected,
  onSelect,
}: {
  label: string;
  name: string;
  tokens: SwapToken[];
  selected?: SwapToken;
  onSelect(token: SwapToken): void;
}) {
  const id = useId();
  // Spec section 9: suggested and popular token lists. Suggested: what the person holds;
  // popular: every other token the exchange trades on this network.
  const held = (token: SwapToken) => Number(token.balance ?? 0) > 0;
  const sections = [
    { title: 'Suggested', tokens: tokens.filter(held) },
    { title: 'Popular', tokens: tokens.filter((token) => !held(token)) },
  ];
  return (
    <div className="portico-stack">
      <span id={id} className="portico-muted">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={id} className="portico-stack">
        {sections.map(
          (section) =>
            section.tokens.length > 0 && (
              <div key={section.title} role="group" aria-label={section.title} className="portico-list">
                <span className="portico-muted" aria-hidden="true" style={{ fontSize: '0.85em' }}>
                  {section.title}
                </span>
                {section.tokens.map((token) => {
                  const checked = token.address.toLowerCase() === selected?.address.toLowerCase();
                  const balance = token.balance !== undefined ? formatBalance(token.balance) : '0';
                  return (
                    <label
                      key={token.address}
                      className="portico-list-item"
                      style={{ cursor: 'pointer', boxShadow: checked ? 'inset 0 0 0 1px var(--portico-accent)' : undefined }}
                    >
                      <input
                        type="radio"
                        name={name}
                        value={token.address}
                        checked={checked}
                        aria-label={`${token.symbol}, balance ${balance}`}
                        onChange={() => onSelect(token)}
                        style={{ margin: 0 }}
                      />
                      {token.logoUri && <img src={token.logoUri} alt="" width={20} height={20} loading="lazy" style={{ borderRadius: '50%' }} />}
                      <span>{token.symbol}</span>
                      <span className="portico-muted" style={{ marginLeft: 'auto' }}>
                        {balance}
                      </span>
                    </label>
                  );
                })}
              </div>
            ),
        )}
      </div>
    </div>
  );
}

function SwapForm({ portico }: PorticoViewProps) {
  const swap = useAtomValue(swapAtom);
  const [search, setSearch] = useState('');
  const tokens = useTokenList(search);
  const ids = { search: useId(), amount: useId(), error: useId(), slippage: useId() };
  const { sourceToken, toToken, quote } = swap;
  const sourceBalance = sourceToken ? tokens.find((t) => t.address === sourceToken.address)?.balance : undefined;
  const busy = swap.quoteLoading;
  const ready = Boolean(quote) && !busy && !swap.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    void (swap.needsApproval ? portico.swap.approve() : portico.swap.swap());
  };

  if (swap.tokensError) {
    return (
      <div className="portico-panel">
        <p role="alert" className="portico-error-text">
          {swap.tokensError}
        </p>
      </div>
    );
  }
  if (swap.tokens.length === 0) {
    return (
      <div className="portico-panel" role="status">
        <span className="portico-spinner" aria-hidden="true" />
        <p className="portico-muted">Loading tokens…</p>
      </div>
    );
  }

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <label htmlFor={ids.search} className="portico-muted">
        Search tokens
      </label>
      <input
        id={ids.search}
        className="portico-search"
        type="search"
        autoComplete="off"
        placeholder="Symbol or name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />

      <TokenGroup label="From" name="portico-swap-from" tokens={tokens} selected={sourceToken} onSelect={(t) => portico.swap.setSourceToken(t)} />

      <label htmlFor={ids.amount} className="portico-muted">
        Amount
      </label>
      <div className="portico-row">
        <input
          id={ids.amount}
          className="portico-search"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={swap.sourceTokenAmount}
          aria-describedby={swap.error ? ids.error : undefined}
          aria-invalid={Boolean(swap.error) || undefined}
          onChange={(event) => portico.swap.setAmount(event.target.value)}
        />
        <button
          type="button"
          className="portico-button portico-button-secondary"
          disabled={!sourceBalance}
          onClick={() => sourceBalance && portico.swap.setAmount(sourceBalance)}
        >
          Max
        </button>
      </div>

      <button type="button" className="portico-button portico-button-secondary" onClick={() => portico.swap.switchTokens()} disabled={!sourceToken && !toToken}>
        Switch tokens
      </button>

      <TokenGroup label="To" name="portico-swap-to" tokens={tokens} selected={toToken} onSelect={(t) => portico.swap.setToToken(t)} />

      <div className="portico-stack">
        <span id={ids.slippage} className="portico-muted">
          Slippage tolerance
        </span>
        <div role="radiogroup" aria-labelledby={ids.slippage} className="portico-row">
          {SLIPPAGE_CHOICES.map((choice) => (
            <label key={choice} className="portico-list-item" style={{ cursor: 'pointer', flex: 1, justifyContent: 'center' }}>
              <input
                type="radio"
                name="portico-swap-slippage"
                checked={swap.slippage === choice}
                onChange={() => portico.swap.setSlippage(choice)}
                style={{ margin: 0 }}
              />
              {choice}%
            </label>
          ))}
        </div>
      </div>

      <div role="status" aria-live="polite" className="portico-stack">
        {busy && <p className="portico-muted">Fetching the best price…</p>}
        {!busy && quote && sourceToken && toToken && (
          <dl className="portico-list" aria-label="Quote" style={{ margin: 0 }}>
            {quoteRows(quote, swap.slippage, sourceToken, toToken).map(([term, detail, exact]) => (
              <div key={term} className="portico-list-item" style={{ justifyContent: 'space-between', cursor: 'default' }}>
                <dt className="portico-muted">{term}</dt>
                {/* The exact amount stays readable (title) where the text is rounded to 3 decimals. */}
                <dd style={{ margin: 0 }} title={exact}>
                  {detail}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>

      {swap.error && (
        <p id={ids.error} role="alert" className="portico-error-text">
          {swap.error}
        </p>
      )}

      {swap.needsApproval && sourceToken && (
        // Off by default: the approval covers exactly this swap unless the person asks for more.
        <label className="portico-row" style={{ cursor: 'pointer' }}>
          <input
            type="checkbox"
            checked={swap.unlimitedApproval}
            onChange={(event) => portico.swap.setUnlimitedApproval(event.target.checked)}
            style={{ margin: 0 }}
          />
          Allow unlimited {sourceToken.symbol}
        </label>
      )}

      <button type="submit" className="portico-button portico-button-block" disabled={!ready}>
        {swap.needsApproval && sourceToken ? `Approve ${sourceToken.symbol}` : 'Swap'}
      </button>
    </form>
  );
}

/** [term, shown text, exact amount] rows of a quote. */
function quoteRows(quote: SwapQuote, slippage: number, from: SwapToken, to: SwapToken): Array<[string, string, string | undefined]> {
  const minimum = formatTokenAmount(minimumReceived(quote.toAmount, slippage), to.decimals);
  return [
    ['You receive', `${formatBalance(quote.toAmountText)} ${to.symbol}`, quote.toAmountText],
    ['Minimum received', `${formatBalance(minimum)} ${to.symbol}`, minimum],
    ['Price impact', `${quote.priceImpact < 0.01 ? '< 0.01' : quote.priceImpact.toFixed(2)}%`, undefined],
    ['Fee', `${formatBalance(quote.feeText)} ${from.symbol}`, quote.feeText],
  ];
}

function Success({ portico }: PorticoViewProps) {
  const { lastSwap } = useAtomValue(swapAtom);
  return (
    <div className="portico-panel">
      <div role="status" className="portico-stack">
        <p className="portico-balance">Swapped</p>
        {lastSwap && (
          <p>
            {lastSwap.fromAmount} {lastSwap.fromSymbol} for {formatBalance(lastSwap.toAmount)} {lastSwap.toSymbol}
          </p>
        )}
      </div>
      {lastSwap?.explorerUrl && (
        <a className="portico-muted" href={lastSwap.explorerUrl} target="_blank" rel="noreferrer">
          View on block explorer
        </a>
      )}
      <button type="button" className="portico-button portico-button-block" onClick={() => portico.swap.reset()}>
        Swap again
      </button>
      <button
        type="button"
        className="portico-button portico-button-secondary portico-button-block"
        onClick={() => {
          portico.swap.reset();
          portico.router.goBack();
        }}
      >
        Done
      </button>
    </div>
  );
}
