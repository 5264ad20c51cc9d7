/** The convert calls (spec section 7) of the Portico API, validated with zod. */
import * as z from 'zod/mini';
import { apiUrl, type ApiContext } from './client';
import { requestJson } from './http';

const addressText = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

const tokensSchema = z.object({
  /** The exchange's router: what swap transactions must call and approvals must name. */
  router: z.optional(addressText),
  tokens: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: z.string(),
      decimals: z.number(),
      logoUri: z.optional(z.string()),
    }),
  ),
});
export type ConvertToken = z.infer<typeof tokensSchema>['tokens'][number];

const integerText = z.string().check(z.regex(/^\d+$/));
const quotesSchema = z.object({
  quotes: z.array(
    z.object({
      fromAmount: integerText,
      toAmount: integerText,
      priceImpact: z.optional(z.number()),
      fee: z.optional(integerText),
    }),
  ),
});
export type ConvertQuote = z.infer<typeof quotesSchema>['quotes'][number];

const txSchema = z.object({
  tx: z.object({
    from: z.optional(z.string()),
    to: addressText,
    data: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/)),
    value: integerText,
    gas: z.optional(integerText),
  }),
});
export type ConvertTransaction = z.infer<typeof txSchema>['tx'];

/** The exchange's tokens on a network and, when the API says, its router. */
export async function fetchSwapTokens(context: ApiContext, chainId: string): Promise<{ tokens: ConvertToken[]; router?: string }> {
  return requestJson({ url: apiUrl(context, 'v1/convert/tokens', { chainId }), schema: tokensSchema, fetch: context.fetch });
}

export async function fetchSwapQuote(
  context: ApiContext,
  params: { amount: string; userAddress: string; from: string; to: string; gasPrice?: string },
  signal?: AbortSignal,
): Promise<ConvertQuote> {
  const reply = await requestJson({ url: apiUrl(context, 'v1/convert/quotes', params), schema: quotesSchema, fetch: context.fetch, signal });
  const quote = reply.quotes[0];
  if (!quote) throw new Error('No quote for this swap');
  return quote;
}

export async function fetchSwapAllowance(context: ApiContext, tokenAddress: string, userAddress: string): Promise<bigint> {
  const reply = await requestJson({
    url: apiUrl(context, 'v1/convert/allowance', { tokenAddress, userAddress }),
    schema: z.object({ allowance: integerText }),
    fetch: context.fetch,
  });
  return BigInt(reply.allowance);
}

export async function fetchSwapGasPrice(context: ApiContext, chainId: string): Promise<{ standard: string; fast: string; instant: string }> {
  return requestJson({
    url: apiUrl(context, 'v1/convert/gas-price', { chainId }),
    schema: z.object({ standard: integerText, fast: integerText, instant: integerText }),
    fetch: context.fetch,
  });
}

export async function buildSwapApprove(
  context: ApiContext,
  params: { userAddress: string; from: string; to: string; amount?: string },
): Promise<ConvertTransaction> {
  return (await requestJson({ url: apiUrl(context, 'v1/convert/build-approve', params), schema: txSchema, fetch: context.fetch })).tx;
}

export async function buildSwapTransaction(
  context: ApiContext,
  body: { amount: string; slippage: number; from: string; to: string; userAddress: string; disableEstimate?: boolean },
): Promise<ConvertTransaction> {
  const reply = await requestJson({
    url: apiUrl(context, 'v1/convert/build-transaction'),
    method: 'POST',
    // Building changes nothing on the server or the chain: safe to ask again.
    idempotent: true,
    body: {
      amount: body.amount,
      eip155: { slippage: String(body.slippage) },
      projectId: context.projectId,
      from: body.from,
      to: body.to,
      userAddress: body.userAddress,
      disableEstimate: body.disableEstimate ?? false,
    },
    schema: txSchema,
    fetch: context.fetch,
  });
  return reply.tx;
}
