/**
 * The demo provider's pages: plain server-rendered HTML, no script, no external asset. The only
 * style block is allowed by its hash in the Content-Security-Policy header.
 */
import { createHash } from 'node:crypto';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS, DEMO_PROVIDER_LABEL } from './config';
import type { OnRampQuote } from './quote';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#141414}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 16px}label{display:block;margin:12px 0 4px;font-weight:600}
input,select{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #bbb;border-radius:6px}
button{margin-top:20px;width:100%;padding:12px;font:inherit;font-weight:600;border:0;border-radius:8px;background:#1f5eff;color:#fff;cursor:pointer}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}dt{color:#555}dd{margin:0;word-break:break-all}
.error{color:#b00020;font-weight:600}.note{color:#555;font-size:14px}code{word-break:break-all}`;

export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_HEADERS = {
  'content-security-policy': PAGE_CSP,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · ${escape(DEMO_PROVIDER_LABEL)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface SessionView {
  id: string;
  address: string;
  chainName: string;
  chainId: string;
  asset: string;
  fiatCurrency: string;
  amount: string;
  method: string;
}

export function purchasePage(s: SessionView, error?: string): string {
  const currencies = PAYMENT_CURRENCIES.map((c) => `<option value="${c}"${c === s.fiatCurrency ? ' selected' : ''}>${c}</option>`).join('');
  const methods = PAYMENT_METHODS.map(
    (m) => `<option value="${m.id}"${m.id === s.method ? ' selected' : ''}>${m.id === 'card' ? 'Card' : 'Bank account'} (${m.min}–${m.max})</option>`,
  ).join('');
  return layout(
    'Buy crypto',
    `<h1>Buy ${escape(s.asset)}</h1>
<p class="note">A local demo provider: no real payment is taken; completing the purchase sends ${escape(s.asset)} on ${escape(s.chainName)}.</p>
<dl><dt>Network</dt><dd>${escape(s.chainName)} (${escape(s.chainId)})</dd><dt>Destination</dt><dd><code>${escape(s.address)}</code></dd></dl>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="complete">
<input type="hidden" name="session" value="${escape(s.id)}">
<label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" autocomplete="off" required value="${escape(s.amount)}">
<label for="currency">Currency</label><select id="currency" name="currency">${currencies}</select>
<label for="method">Payment method</label><select id="method" name="method">${methods}</select>
<button type="submit">Complete purchase</button>
</form>`,
  );
}

export function completePage(q: { quote: Pick<OnRampQuote, 'paymentTotal' | 'purchaseAmount' | 'coinbaseFee' | 'networkFee'>; txHash: string; address: string }): string {
  const { quote } = q;
  return layout(
    'Purchase complete',
    `<h1 role="status">Purchase complete</h1>
<dl><dt>Paid</dt><dd>${escape(quote.paymentTotal.amount)} ${escape(quote.paymentTotal.currency)}</dd>
<dt>Fee</dt><dd>${escape(quote.coinbaseFee.amount)} ${escape(quote.coinbaseFee.currency)}</dd>
<dt>Network fee</dt><dd>${escape(quote.networkFee.amount)} ${escape(quote.networkFee.currency)}</dd>
<dt>Received</dt><dd>${escape(quote.purchaseAmount.amount)} ${escape(quote.purchaseAmount.currency)}</dd>
<dt>To</dt><dd><code>${escape(q.address)}</code></dd>
<dt>Transaction</dt><dd><code data-testid="tx-hash">${escape(q.txHash)}</code></dd></dl>
<p class="note">You can close this window. The purchase shows in your wallet's Activity.</p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p class="error" role="alert">${escape(message)}</p>`);
}
