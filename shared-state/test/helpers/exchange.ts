/** The devchain exchange as the swap tests see it: its addresses and the calldata its router and tokens take. */
import { encodeFunctionData, erc20Abi, parseAbi } from 'viem';

export const PUSD_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const PTK_ADDRESS = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
export const WETH = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';

/** Written out here rather than imported from the product, so the tests check its decoding independently. */
export const ROUTER_ABI = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

export const approveData = (spender: `0x${string}`, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
