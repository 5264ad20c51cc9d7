/**
 * The swap calls of a Uniswap-V2-style router, as the API builds them for the devchain exchange
 * (services/api/src/routes/convert.ts, services/devchain's PorticoRouter): the modal checks them before its wallet
 * signs (controllers/swap-check.ts), the embedded wallet's approval screen words them (embedded/approval.ts).
 * Written out rather than `parseAbi`'d, so importing it runs no ABI parser.
 */
const swapOutputs = [{ name: 'amounts', type: 'uint256[]' }] as const;

export const SWAP_ROUTER_ABI = [
  {
    type: 'function',
    name: 'swapExactTokensForTokens',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: swapOutputs,
  },
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: swapOutputs,
  },
  {
    type: 'function',
    name: 'swapExactTokensForETH',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: swapOutputs,
  },
] as const;
