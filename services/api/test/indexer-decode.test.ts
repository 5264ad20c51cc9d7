/**
 * What the indexer reads for Activity besides transfers (src/indexer/decode.ts), on real encodings built by viem:
 * the known function a transaction or a user operation's first call calls, ERC-20 approvals, the ETH a swap
 * router pays out of swapExactTokensForETH (an inner call, no log), and no value moved by a reverted transaction.
 */
import { describe, expect, test } from '@rstest/core';
import {
  encodeAbiParameters, encodeEventTopics, encodeFunctionData, erc20Abi, erc721Abi, maxUint256, pad, parseAbi, parseEther, toHex, type Address, type Hex,
} from 'viem';
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction';
import { ACCOUNT_EXECUTE_ABI, callMethod, decodeBlock, type RawLog, type SwapRouterConfig } from '../src/indexer/decode';

const ALICE: Address = '0x000000000000000000000000000000000000a11c';
const BOB: Address = '0x0000000000000000000000000000000000000b0b';
const TOKEN: Address = '0x00000000000000000000000000000000000070c0';
const ROUTER: Address = '0x000000000000000000000000000000000000e0e0';
const WETH: Address = '0x000000000000000000000000000000000000e7e7';
const PAIR: Address = '0x000000000000000000000000000000000000a1a1';
const BUNDLER: Address = '0x00000000000000000000000000000000000b0b01';
const TX_HASH = `0x${'cd'.repeat(32)}` as Hex;
const SWAP: SwapRouterConfig = { router: ROUTER.toLowerCase(), wrappedNative: WETH.toLowerCase() };
const lower = (a: string) => a.toLowerCase();

const ROUTER_ABI = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const toEth = (to: Address) => encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [10n, 1n, [TOKEN, WETH], to, 2n ** 40n] });

let logIndex = 0;
function log(address: Address, topics: Hex[], data: Hex): RawLog {
  return { address, topics, data, logIndex: toHex(logIndex++), transactionHash: TX_HASH };
}
const transferLog = (token: Address, from: Address, to: Address, value: bigint) =>
  log(token, encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from, to } }) as Hex[], pad(toHex(value), { size: 32 }));
const approvalLog = (token: Address, owner: Address, spender: Address, value: bigint) =>
  log(token, encodeEventTopics({ abi: erc20Abi, eventName: 'Approval', args: { owner, spender } }) as Hex[], pad(toHex(value), { size: 32 }));

function block(tx: { from: Address; to: Address; input: Hex; value?: bigint }, logs: RawLog[], status = '0x1') {
  return {
    block: {
      number: '0x20',
      hash: `0x${'03'.repeat(32)}`,
      parentHash: `0x${'04'.repeat(32)}`,
      timestamp: '0x6553f100',
      transactions: [{ hash: TX_HASH, from: tx.from, to: tx.to, value: toHex(tx.value ?? 0n), nonce: '0x1', transactionIndex: '0x0', input: tx.input }],
    },
    receipts: [{ transactionHash: TX_HASH, status, logs }],
  };
}
const decode = (b: ReturnType<typeof block>, swap?: SwapRouterConfig) => decodeBlock(b.block, b.receipts, swap);

describe('the function a transaction calls', () => {
  test('known functions by name (token standards, router swaps, common admin); anything else null', () => {
    expect(callMethod(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] }))).toBe('transfer');
    expect(callMethod(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, true] }))).toBe('setApprovalForAll');
    expect(callMethod(encodeFunctionData({ abi: parseAbi(['function register(address to)']), functionName: 'register', args: [BOB] }))).toBe('register');
    expect(callMethod(encodeFunctionData({ abi: parseAbi(['function mint(address to)']), functionName: 'mint', args: [BOB] }))).toBe('mint');
    expect(callMethod(toEth(ALICE))).toBe('swapExactTokensForETH');
    expect(callMethod(encodeFunctionData({ abi: parseAbi(['function frobnicate(uint256)']), functionName: 'frobnicate', args: [1n] }))).toBeNull();
    // A known selector whose arguments do not decode is not that call.
    expect(callMethod(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] }).slice(0, 20))).toBeNull();
    expect(callMethod('0x')).toBeNull();
    expect(callMethod(undefined)).toBeNull();
  });

  test("stored on the transaction, and on a user operation from its first call (not the bundler's handleOps)", () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 5n] });
    const direct = decode(block({ from: ALICE, to: TOKEN, input: approve }, []));
    expect(direct.txs.map((t) => t.method)).toEqual(['approve']);

    const callData = encodeFunctionData({ abi: ACCOUNT_EXECUTE_ABI, functionName: 'execute', args: [TOKEN, 0n, approve] });
    const op = {
      sender: ALICE, nonce: 0n, initCode: '0x' as Hex, callData, accountGasLimits: pad('0x01', { size: 32 }), preVerificationGas: 1n,
      gasFees: pad('0x01', { size: 32 }), paymasterAndData: '0x' as Hex, signature: '0x' as Hex,
    };
    const handleOps = encodeFunctionData({ abi: entryPoint07Abi, functionName: 'handleOps', args: [[op], BUNDLER] });
    const event = log(
      entryPoint07Address,
      encodeEventTopics({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', args: { userOpHash: pad('0x01', { size: 32 }), sender: ALICE, paymaster: '0x0000000000000000000000000000000000000000' } }) as Hex[],
      encodeAbiParameters([{ type: 'uint256' }, { type: 'bool' }, { type: 'uint256' }, { type: 'uint256' }], [0n, true, 1n, 1n]),
    );
    const bundled = decode(block({ from: BUNDLER, to: entryPoint07Address, input: handleOps }, [approvalLog(TOKEN, ALICE, ROUTER, 5n), event]));
    expect(bundled.txs.map((t) => t.method)).toEqual(['handleOps']);
    expect(bundled.userOperations.map((o) => [o.sender, o.target, o.method])).toEqual([[lower(ALICE), lower(TOKEN), 'approve']]);
    // The approval is the account's (its event names the account as owner), whoever sent the bundle.
    expect(bundled.approvals.map((a) => [a.owner, a.spender, a.amount])).toEqual([[lower(ALICE), lower(ROUTER), '5']]);
  });
});

describe('approvals', () => {
  test('an ERC-20 Approval is a row (unlimited kept as the full uint256); an ERC-721 Approval (token id indexed) is not', () => {
    const erc721Approval = log(TOKEN, encodeEventTopics({ abi: erc721Abi, eventName: 'Approval', args: { owner: ALICE, spender: BOB, tokenId: 7n } }) as Hex[], '0x');
    const rows = decode(block({ from: ALICE, to: TOKEN, input: '0x' }, [approvalLog(TOKEN, ALICE, ROUTER, maxUint256), erc721Approval]));
    expect(rows.approvals).toEqual([
      { txHash: TX_HASH, logIndex: expect.any(Number), blockNumber: 32, txIndex: 0, contract: lower(TOKEN), owner: lower(ALICE), spender: lower(ROUTER), amount: maxUint256.toString() },
    ]);
    // The spender is not involved: nothing of its moved.
    expect(rows.activity.map((a) => a.address)).toEqual([lower(ALICE)]);
  });

  test('a malformed Approval (short data) is ignored', () => {
    const bad = approvalLog(TOKEN, ALICE, ROUTER, 1n);
    expect(decode(block({ from: ALICE, to: TOKEN, input: '0x' }, [{ ...bad, data: '0x01' }])).approvals).toEqual([]);
  });
});

describe('value moved', () => {
  test('a reverted transaction moved no ETH', () => {
    const rows = decode(block({ from: ALICE, to: BOB, input: '0x', value: parseEther('1') }, [], '0x0'));
    expect(rows.txs.map((t) => t.status)).toEqual([0]);
    expect(rows.transfers).toEqual([]);
  });

  test("swapExactTokensForETH: the router's payout (what it unwrapped) is a native transfer to the call's `to`", () => {
    const out = 123_456n;
    const logs = () => [
      transferLog(TOKEN, ALICE, PAIR, 10n),
      transferLog(WETH, PAIR, ROUTER, out),
      transferLog(WETH, ROUTER, '0x0000000000000000000000000000000000000000', out), // PorticoWETH's withdraw burns
    ];
    const rows = decode(block({ from: ALICE, to: ROUTER, input: toEth(BOB) }, logs()), SWAP);
    expect(rows.transfers.filter((t) => t.standard === 'native')).toEqual([
      { txHash: TX_HASH, logIndex: expect.any(Number), batchIndex: 1, blockNumber: 32, txIndex: 0, standard: 'native', contract: null, from: lower(ROUTER), to: lower(BOB), tokenId: null, amount: String(out) },
    ]);
    expect(rows.activity.map((a) => a.address)).toContain(lower(BOB));

    // WETH9 says Withdrawal(src, wad) instead of burning.
    const withdrawal = log(WETH, [...(encodeEventTopics({ abi: parseAbi(['event Withdrawal(address indexed src, uint256 wad)']), eventName: 'Withdrawal', args: { src: ROUTER } }) as Hex[])], pad(toHex(out), { size: 32 }));
    const weth9 = decode(block({ from: ALICE, to: ROUTER, input: toEth(ALICE) }, [transferLog(TOKEN, ALICE, PAIR, 10n), withdrawal]), SWAP);
    expect(weth9.transfers.filter((t) => t.standard === 'native').map((t) => [t.from, t.to, t.amount])).toEqual([[lower(ROUTER), lower(ALICE), String(out)]]);

    // Not without the chain's router, not when reverted, not for another router call.
    expect(decode(block({ from: ALICE, to: ROUTER, input: toEth(BOB) }, logs())).transfers.filter((t) => t.standard === 'native')).toEqual([]);
    expect(decode(block({ from: ALICE, to: ROUTER, input: toEth(BOB) }, [], '0x0'), SWAP).transfers).toEqual([]);
    const tokens = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForTokens', args: [10n, 1n, [TOKEN, WETH], BOB, 2n ** 40n] });
    expect(decode(block({ from: ALICE, to: ROUTER, input: tokens }, logs()), SWAP).transfers.filter((t) => t.standard === 'native')).toEqual([]);
  });
});
