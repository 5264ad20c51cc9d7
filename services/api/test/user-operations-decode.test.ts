/**
 * The indexer's reading of ERC-4337 user operations (src/indexer/decode.ts), on real encodings built by
 * viem: EntryPoint v0.7 handleOps input and UserOperationEvent logs, account call data (execute,
 * executeBatch). The bundler's transaction becomes the account's: its ETH sends (inner calls, no log)
 * are transfers from the account, and the account and the recipients are involved.
 */
import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, pad, parseAbi, parseEther, toHex, type Address, type Hex } from 'viem';
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction';
import { ACCOUNT_EXECUTE_ABI, decodeBlock, MAX_CALLS_PER_OPERATION, type RawBlock, type RawLog, type RawReceipt } from '../src/indexer/decode';

const BUNDLER: Address = '0x00000000000000000000000000000000000b0b01';
const ALICE_ACCOUNT: Address = '0x000000000000000000000000000000000000a11c';
const BOB_ACCOUNT: Address = '0x0000000000000000000000000000000000000b0b';
const RECIPIENT: Address = '0x00000000000000000000000000000000000000f1';
const OTHER: Address = '0x00000000000000000000000000000000000000f2';
const TX_HASH = `0x${'ab'.repeat(32)}` as Hex;
const lower = (a: string) => a.toLowerCase();

type Call = { target: Address; value: bigint; data?: Hex };
const execute = (call: Call) => encodeFunctionData({ abi: ACCOUNT_EXECUTE_ABI, functionName: 'execute', args: [call.target, call.value, call.data ?? '0x'] });
const executeBatch = (calls: Call[]) =>
  encodeFunctionData({ abi: ACCOUNT_EXECUTE_ABI, functionName: 'executeBatch', args: [calls.map((c) => ({ target: c.target, value: c.value, data: c.data ?? '0x' }))] });

function packedOperation(sender: Address, nonce: bigint, callData: Hex) {
  return {
    sender,
    nonce,
    initCode: '0x' as Hex,
    callData,
    accountGasLimits: pad(toHex(100_000n << 128n | 200_000n), { size: 32 }),
    preVerificationGas: 50_000n,
    gasFees: pad(toHex(1_000_000_000n << 128n | 2_000_000_000n), { size: 32 }),
    paymasterAndData: '0x' as Hex,
    signature: `0x${'11'.repeat(65)}` as Hex,
  };
}
const handleOps = (ops: ReturnType<typeof packedOperation>[]) => encodeFunctionData({ abi: entryPoint07Abi, functionName: 'handleOps', args: [ops, BUNDLER] });

function userOperationEvent(opts: { sender: Address; nonce: bigint; success: boolean; logIndex: number; emitter?: Address }): RawLog {
  const topics = encodeEventTopics({
    abi: entryPoint07Abi,
    eventName: 'UserOperationEvent',
    args: { userOpHash: pad(toHex(opts.logIndex + 1), { size: 32 }), sender: opts.sender, paymaster: '0x0000000000000000000000000000000000000000' },
  });
  const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'bool' }, { type: 'uint256' }, { type: 'uint256' }], [opts.nonce, opts.success, 123_456n, 78_900n]);
  return { address: opts.emitter ?? entryPoint07Address, topics: topics as string[], data, logIndex: toHex(opts.logIndex), transactionHash: TX_HASH };
}

function bundle(input: string, logs: RawLog[], to: string = entryPoint07Address): { block: RawBlock; receipts: RawReceipt[] } {
  return {
    block: {
      number: '0x10',
      hash: `0x${'01'.repeat(32)}`,
      parentHash: `0x${'02'.repeat(32)}`,
      timestamp: '0x6553f100',
      transactions: [{ hash: TX_HASH, from: BUNDLER, to, value: '0x0', nonce: '0x7', transactionIndex: '0x0', input }],
    },
    receipts: [{ transactionHash: TX_HASH, status: '0x1', logs }],
  };
}
const decode = (b: ReturnType<typeof bundle>) => decodeBlock(b.block, b.receipts);
const involved = (rows: ReturnType<typeof decodeBlock>) => rows.activity.map((a) => a.address).sort();

describe('user operations in a bundle (EntryPoint v0.7 handleOps)', () => {
  test('execute with value: a native transfer from the account to the target, both involved', () => {
    const input = handleOps([packedOperation(ALICE_ACCOUNT, 0n, execute({ target: RECIPIENT, value: parseEther('0.1') }))]);
    const rows = decode(bundle(input, [userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 0n, success: true, logIndex: 3 })]));
    expect(rows.userOperations).toEqual([
      {
        txHash: TX_HASH, logIndex: 3, userOpHash: pad(toHex(4), { size: 32 }), sender: lower(ALICE_ACCOUNT), nonce: '0', success: true,
        target: lower(RECIPIENT), method: null, blockNumber: 16, txIndex: 0,
      },
    ]);
    expect(rows.transfers).toEqual([
      {
        txHash: TX_HASH, logIndex: 3, batchIndex: 0, blockNumber: 16, txIndex: 0, standard: 'native', contract: null,
        from: lower(ALICE_ACCOUNT), to: lower(RECIPIENT), tokenId: null, amount: parseEther('0.1').toString(),
      },
    ]);
    expect(involved(rows)).toEqual([BUNDLER, ALICE_ACCOUNT, RECIPIENT].map(lower).sort());
    // The bundler's transaction itself is stored as it is.
    expect(rows.txs[0]).toMatchObject({ from: lower(BUNDLER), to: lower(entryPoint07Address), value: '0' });
  });

  test('executeBatch: one transfer per call with value (batch index = the call), ops matched by sender and nonce', () => {
    const key = 5n << 64n; // a nonce key in the upper 192 bits
    const input = handleOps([
      packedOperation(ALICE_ACCOUNT, 2n, executeBatch([{ target: RECIPIENT, value: 1n }, { target: OTHER, value: 0n, data: '0x1234' }, { target: OTHER, value: 3n }])),
      packedOperation(BOB_ACCOUNT, key | 9n, execute({ target: RECIPIENT, value: 7n })),
    ]);
    // The events in another order than the operations: matching is by (sender, nonce), not position.
    const rows = decode(bundle(input, [
      userOperationEvent({ sender: BOB_ACCOUNT, nonce: key | 9n, success: true, logIndex: 1 }),
      userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 2n, success: true, logIndex: 5 }),
    ]));
    expect(rows.userOperations.map((o) => [o.sender, o.nonce, o.target])).toEqual([
      [lower(BOB_ACCOUNT), (key | 9n).toString(), lower(RECIPIENT)],
      [lower(ALICE_ACCOUNT), '2', lower(RECIPIENT)],
    ]);
    expect(rows.transfers.map((t) => [t.from, t.to, t.amount, t.logIndex, t.batchIndex])).toEqual([
      [lower(BOB_ACCOUNT), lower(RECIPIENT), '7', 1, 0],
      [lower(ALICE_ACCOUNT), lower(RECIPIENT), '1', 5, 0],
      [lower(ALICE_ACCOUNT), lower(OTHER), '3', 5, 2],
    ]);
    expect(involved(rows)).toEqual([BUNDLER, ALICE_ACCOUNT, BOB_ACCOUNT, RECIPIENT, OTHER].map(lower).sort());
  });

  test("SimpleAccount's executeBatch(address[],uint256[],bytes[]): values by position, an empty value array sends none", () => {
    const simpleBatch = (targets: Address[], values: bigint[]) =>
      encodeFunctionData({ abi: ACCOUNT_EXECUTE_ABI, functionName: 'executeBatch', args: [targets, values, targets.map(() => '0x' as Hex)] });
    const input = handleOps([
      packedOperation(ALICE_ACCOUNT, 0n, simpleBatch([RECIPIENT, OTHER], [0n, 4n])),
      packedOperation(BOB_ACCOUNT, 0n, simpleBatch([OTHER], [])),
    ]);
    const rows = decode(bundle(input, [
      userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 0n, success: true, logIndex: 0 }),
      userOperationEvent({ sender: BOB_ACCOUNT, nonce: 0n, success: true, logIndex: 1 }),
    ]));
    expect(rows.transfers.map((t) => [t.from, t.to, t.amount, t.batchIndex])).toEqual([[lower(ALICE_ACCOUNT), lower(OTHER), '4', 1]]);
    expect(rows.userOperations.map((o) => o.target)).toEqual([lower(RECIPIENT), lower(OTHER)]);
  });

  test('a failed operation is stored (success false, its target) with no transfers; the recipient is not involved', () => {
    const input = handleOps([packedOperation(ALICE_ACCOUNT, 1n, execute({ target: RECIPIENT, value: 10n }))]);
    const rows = decode(bundle(input, [userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 1n, success: false, logIndex: 0 })]));
    expect(rows.userOperations).toMatchObject([{ sender: lower(ALICE_ACCOUNT), success: false, target: lower(RECIPIENT) }]);
    expect(rows.transfers).toEqual([]);
    expect(involved(rows)).toEqual([BUNDLER, ALICE_ACCOUNT].map(lower).sort());
  });

  test('an account ABI not on the list: the operation is stored without target or transfers', () => {
    const otherCall = encodeFunctionData({ abi: parseAbi(['function executeUserOp(address to, uint256 value, bytes data, uint8 operation)']), args: [RECIPIENT, 5n, '0x', 0] });
    const input = handleOps([packedOperation(ALICE_ACCOUNT, 0n, otherCall)]);
    const rows = decode(bundle(input, [userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 0n, success: true, logIndex: 0 })]));
    expect(rows.userOperations).toMatchObject([{ sender: lower(ALICE_ACCOUNT), success: true, target: null }]);
    expect(rows.transfers).toEqual([]);
    expect(involved(rows)).toEqual([BUNDLER, ALICE_ACCOUNT].map(lower).sort());
  });

  test('no handleOps input (another call to the EntryPoint, or another contract calling it): the event alone is stored', () => {
    const event = userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 0n, success: true, logIndex: 0 });
    const viaOtherContract = decode(bundle(handleOps([packedOperation(ALICE_ACCOUNT, 0n, execute({ target: RECIPIENT, value: 1n }))]), [event], OTHER));
    expect(viaOtherContract.userOperations).toMatchObject([{ sender: lower(ALICE_ACCOUNT), target: null }]);
    expect(viaOtherContract.transfers).toEqual([]);
    const depositCall = decode(bundle(encodeFunctionData({ abi: entryPoint07Abi, functionName: 'depositTo', args: [ALICE_ACCOUNT] }), [event]));
    expect(depositCall.userOperations).toMatchObject([{ target: null }]);
  });

  test('a UserOperationEvent from an address not on the EntryPoint allow-list is ignored', () => {
    const input = handleOps([packedOperation(ALICE_ACCOUNT, 0n, execute({ target: RECIPIENT, value: 10n }))]);
    const rows = decode(bundle(input, [userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 0n, success: true, logIndex: 0, emitter: OTHER })]));
    expect(rows.userOperations).toEqual([]);
    expect(rows.transfers).toEqual([]);
    expect(involved(rows)).toEqual([lower(BUNDLER)]);
  });

  test(`an operation with more than ${MAX_CALLS_PER_OPERATION} calls is stored without its transfers`, () => {
    const calls = (n: number) => Array.from({ length: n }, (): Call => ({ target: RECIPIENT, value: 1n }));
    const input = handleOps([
      packedOperation(ALICE_ACCOUNT, 0n, executeBatch(calls(MAX_CALLS_PER_OPERATION))),
      packedOperation(BOB_ACCOUNT, 0n, executeBatch(calls(MAX_CALLS_PER_OPERATION + 1))),
    ]);
    const rows = decode(bundle(input, [
      userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 0n, success: true, logIndex: 0 }),
      userOperationEvent({ sender: BOB_ACCOUNT, nonce: 0n, success: true, logIndex: 1 }),
    ]));
    expect(rows.transfers.filter((t) => t.from === lower(ALICE_ACCOUNT))).toHaveLength(MAX_CALLS_PER_OPERATION);
    expect(rows.transfers.filter((t) => t.from === lower(BOB_ACCOUNT))).toEqual([]);
    expect(rows.userOperations.map((o) => o.target)).toEqual([lower(RECIPIENT), null]);
  });

  test('malformed input, call data and events never throw', () => {
    const good = handleOps([packedOperation(ALICE_ACCOUNT, 0n, execute({ target: RECIPIENT, value: 1n }))]);
    const event = userOperationEvent({ sender: ALICE_ACCOUNT, nonce: 0n, success: true, logIndex: 0 });
    // Cut short: the event is stored, nothing is read from the input.
    expect(decode(bundle(good.slice(0, 10 + 64 * 8), [event])).userOperations).toMatchObject([{ target: null }]);
    // An event with its data or a topic cut off is not one.
    expect(decode(bundle(good, [{ ...event, data: event.data.slice(0, 66) }])).userOperations).toEqual([]);
    expect(decode(bundle(good, [{ ...event, topics: event.topics.slice(0, 3) }])).userOperations).toEqual([]);
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.uint8Array({ maxLength: 200 }),
        fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 4 }),
        fc.boolean(),
        (inputTail, data, topics, keepSelector) => {
          const input = `${keepSelector ? good.slice(0, 10) : '0x'}${Buffer.from(inputTail).toString('hex')}`;
          const log: RawLog = {
            address: entryPoint07Address,
            topics: [event.topics[0]!, ...topics.map((t) => toHex(t))],
            data: toHex(data),
            logIndex: '0x0',
            transactionHash: TX_HASH,
          };
          decode(bundle(input, [log, event]));
        },
      ),
      { numRuns: 300 },
    );
  });
});
