/** The on-ramp API's quote (spec section 7) as the on-ramp tests expect it. */

/**
 * A quote of 0.03283 ETH for 100.00 USD (1.50 USD fee, 0.01 USD network fee), id 'q-1'.
 * @example const api = await apiStub({ 'POST /v1/onramp/quote': { json: ONRAMP_QUOTE } });
 */
export const ONRAMP_QUOTE = {
  paymentTotal: { amount: '100.00', currency: 'USD' },
  paymentSubtotal: { amount: '98.49', currency: 'USD' },
  purchaseAmount: { amount: '0.03283', currency: 'ETH' },
  coinbaseFee: { amount: '1.50', currency: 'USD' },
  networkFee: { amount: '0.01', currency: 'USD' },
  quoteId: 'q-1',
};
