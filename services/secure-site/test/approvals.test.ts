/**
 * The frame's approval queue (src/page/approvals.ts) and what its screen says (src/page/approval-model.ts), without a
 * chain: one request at a time, the limit, the time limit on a fake clock, cancelling, the fee acknowledgement; the
 * screen texts of each kind of request, the network named from the page's own table, recipients with their names (a
 * name double), ERC-20 amounts and swaps in the token's units (a token double), unlimited approvals and the fee warning.
 */
import { describe, expect, test } from '@rstest/core';
import { describeRequest, MAX_PENDING_REQUESTS, USER_ACTION_TIMEOUT_MS, UserRejectedRequestError, type ApprovalContext } from '@portico/shared-state/embedded';
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseEther, parseUnits, toHex, type Address } from 'viem';
import { FEE_PAID_BY_SMART_ACCOUNT, feeWarningText, screenOf, type FeeLine, type ReadToken } from '../src/page/approval-model';
import { APPROVAL_TIMED_OUT, createApprovalQueue, frozenCopy, type ApprovalScreen, type ShownApproval } from '../src/page/approvals';
import { networkText } from '../src/page/chain-names';
import type { LookupName } from '../src/page/recipient-names';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const BOB = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x3333333333333333333333333333333333333333';
const WETH = '0x4444444444444444444444444444444444444444';
const ROUTER = '0x5555555555555555555555555555555555555555';
const ORIGIN = 'https://shop.example';

const screen = (heading = 'Sign message'): ApprovalScreen => ({ method: 'personal_sign', heading, requestedBy: ORIGIN, rows: [], message: 'hi' });

/** A fake clock's timers: `advance` runs the ones due. */
function fakeTimers() {
  let now = 0;
  const timers = new Set<{ at: number; run: () => void }>();
  return {
    setTimer(run: () => void, ms: number) {
      const timer = { at: now + ms, run };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers]) {
        if (timer.at <= now) {
          timers.delete(timer);
          timer.run();
        }
      }
    },
    get pending() {
      return timers.size;
    },
  };
}

function queue() {
  const shown: ShownApproval[] = [];
  let idle = 0;
  const timers = fakeTimers();
  const approvals = createApprovalQueue({ show: (approval) => void shown.push(approval), onIdle: () => void idle++, setTimer: timers.setTimer });
  return { approvals, shown, timers, idle: () => idle };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the approval queue', () => {
  test('one at a time: the next is shown once the first is decided and done; idle after the last', async () => {
    const { approvals, shown, idle } = queue();
    const done: string[] = [];
    const first = approvals.run(async (ask) => {
      await ask(screen('first'));
      done.push('first signed');
      return 'one';
    });
    const second = approvals.run(async (ask) => {
      await ask(screen('second'));
      return 'two';
    });
    await settle();
    expect(shown.map((approval) => approval.screen.heading)).toEqual(['first']);
    expect(shown[0]!.approve()).toBe(true);
    expect(shown[0]!.signal.aborted).toBe(true);
    await expect(first).resolves.toBe('one');
    await settle();
    expect(shown.map((approval) => approval.screen.heading)).toEqual(['first', 'second']);
    expect(idle()).toBe(0);
    shown[1]!.reject();
    await expect(second).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(done).toEqual(['first signed']);
    await settle();
    expect(idle()).toBe(1);
    // Decided: a late click changes nothing.
    expect(shown[1]!.approve()).toBe(false);
  });

  test(`at most ${MAX_PENDING_REQUESTS} wait; beyond, refused with the channel's words`, async () => {
    const { approvals } = queue();
    const waiting = Array.from({ length: MAX_PENDING_REQUESTS }, () => approvals.run(async (ask) => ask(screen())));
    await expect(approvals.run(async () => 'never')).rejects.toThrow(`Too many embedded wallet requests at once (limit ${MAX_PENDING_REQUESTS})`);
    approvals.cancelAll();
    for (const each of waiting) await expect(each).rejects.toMatchObject({ code: 4001 });
  });

  test(`unanswered for ${USER_ACTION_TIMEOUT_MS / 60_000} min: rejected (4001) and hidden, the queued one too`, async () => {
    const { approvals, shown, timers, idle } = queue();
    const signed: string[] = [];
    const first = approvals.run(async (ask) => {
      await ask(screen('first'));
      signed.push('first');
    });
    const second = approvals.run(async (ask) => {
      await ask(screen('second'));
      signed.push('second');
    });
    await settle();
    timers.advance(USER_ACTION_TIMEOUT_MS - 1);
    expect(shown[0]!.signal.aborted).toBe(false);
    timers.advance(1);
    await expect(first).rejects.toMatchObject({ code: 4001, message: APPROVAL_TIMED_OUT });
    await expect(first).rejects.toBeInstanceOf(UserRejectedRequestError);
    await expect(second).rejects.toMatchObject({ code: 4001, message: APPROVAL_TIMED_OUT });
    expect(shown[0]!.signal.aborted).toBe(true);
    expect(shown[0]!.approve()).toBe(false);
    await settle();
    // The second timed out while it waited: never shown.
    expect(shown).toHaveLength(1);
    expect(idle()).toBe(1);
    expect(signed).toEqual([]);
    expect(timers.pending).toBe(0);
  });

  test('cancelAll rejects the shown one and the waiting ones with 4001; an approved one still finishes, the frame hidden before', async () => {
    const { approvals, shown, idle } = queue();
    let release = () => {};
    const sending = approvals.run(async (ask) => {
      await ask(screen('approved'));
      await new Promise<void>((resolve) => (release = resolve));
      return 'sent';
    });
    const waiting = approvals.run(async (ask) => ask(screen('waiting')));
    await settle();
    shown[0]!.approve();
    // Another request waits to be shown: the frame stays up.
    expect(idle()).toBe(0);
    approvals.cancelAll();
    await expect(waiting).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    // Nothing left to show: hidden while the approved one is still being sent.
    expect(idle()).toBe(1);
    release();
    await expect(sending).resolves.toBe('sent');
    expect(shown).toHaveLength(1);
  });

  test('a fee warning: approve without the acknowledgement does nothing', async () => {
    const { approvals, shown } = queue();
    const warned = { ...screen(), feeWarning: { text: 'too much', feeWei: 100n, estimateWei: 1n } };
    const asked = approvals.run(async (ask) => ask(warned));
    await settle();
    expect(shown[0]!.approve()).toBe(false);
    expect(shown[0]!.signal.aborted).toBe(false);
    expect(shown[0]!.approve({ feeAcknowledged: true })).toBe(true);
    await expect(asked).resolves.toBeUndefined();
  });

  test('frozenCopy is deep and frozen', () => {
    const source = { calls: [{ to: BOB, value: 1n }] };
    const frozen = frozenCopy(source);
    source.calls[0]!.to = ACCOUNT;
    expect(frozen.calls[0]!.to).toBe(BOB);
    expect(Object.isFrozen(frozen.calls[0])).toBe(true);
    expect(() => {
      (frozen.calls as unknown[]).push({});
    }).toThrow();
  });
});

describe('what the screen says', () => {
  const network = {
    id: 31337,
    name: 'Chain 31337',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
    chainNamespace: 'eip155',
    caipNetworkId: 'eip155:31337',
    testnet: false,
  } as const;
  const context: ApprovalContext = { account: ACCOUNT, chainId: 31337, networks: [network] };
  const TOKENS: Record<string, { symbol: string; decimals: number }> = { [TOKEN]: { symbol: 'PUSD', decimals: 6 }, [WETH]: { symbol: 'WETH', decimals: 18 } };
  const tokens: ReadToken = async (token: Address) => TOKENS[token];
  const noNames: LookupName = async () => undefined;
  const screenFor = (method: string, params: unknown[], fee?: FeeLine, lookupName = noNames) =>
    screenOf(describeRequest({ method, params }, context), { requestedBy: ORIGIN, readToken: tokens, lookupName }, fee);

  test('personal_sign: its text; typed data: domain, type and the message as JSON', async () => {
    expect(await screenFor('personal_sign', [toHex('Sign in to shop\nnonce 1'), ACCOUNT])).toEqual({
      method: 'personal_sign',
      heading: 'Sign message',
      requestedBy: ORIGIN,
      rows: [
        { label: 'Account', value: ACCOUNT },
        { label: 'Network', value: 'Anvil (chain 31337)' },
      ],
      message: 'Sign in to shop\nnonce 1',
    });
    const typed = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] },
      domain: { name: 'Portico' },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    };
    expect(await screenFor('eth_signTypedData_v4', [ACCOUNT, typed])).toMatchObject({
      heading: 'Sign typed data',
      rows: [
        { label: 'Account', value: ACCOUNT },
        { label: 'Network', value: 'Anvil (chain 31337)' },
        { label: 'Domain', value: 'Portico' },
        { label: 'Type', value: 'Mail' },
      ],
      message: '{\n  "contents": "hi"\n}',
    });
  });

  test('transactions: ETH, ERC-20 transfer and approve in the token units, an unreadable token raw, other calls by selector', async () => {
    const fee: FeeLine = { signed: { wei: 21_000n * 2_000_000_000n, upTo: true }, dappSet: false };
    const send = (to: string, data?: string, value?: bigint) =>
      screenFor('eth_sendTransaction', [{ from: ACCOUNT, to, ...(data && { data }), ...(value !== undefined && { value: toHex(value) }) }], fee);
    expect(await send(BOB, undefined, parseEther('1.5'))).toEqual({
      method: 'eth_sendTransaction',
      heading: 'Review transaction',
      requestedBy: ORIGIN,
      rows: [
        { label: 'Account', value: ACCOUNT },
        { label: 'Network', value: 'Anvil (chain 31337)' },
        { label: 'To', value: BOB },
        { label: 'Amount', value: '1.5 ETH' },
        { label: 'Network fee', value: 'Up to 0.000042 ETH' },
      ],
      feeWei: 42_000_000_000_000n,
    });
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('1.5', 6)] });
    expect((await send(TOKEN, transfer)).rows).toContainEqual({ label: 'Action', value: `Send 1.5 PUSD to ${BOB}` });
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, parseUnits('100', 6)] });
    expect((await send(TOKEN, approve)).rows).toContainEqual({ label: 'Action', value: `Allow ${BOB} to spend 100 PUSD` });
    expect((await send(BOB, transfer)).rows).toContainEqual({
      label: 'Action',
      value: `Send 1500000 raw units of the token at ${BOB} (its symbol and decimals could not be read) to ${BOB}`,
    });
    expect((await send(BOB, '0xdeadbeef0000')).rows).toContainEqual({ label: 'Action', value: 'Call 0xdeadbeef with 6 bytes of data' });
  });

  test(`the fee warning: only for a fee the site set, over 10× the network's estimate`, async () => {
    const tx = [{ from: ACCOUNT, to: BOB }];
    const signed = { wei: 21_000n * 1_000_000_000_000n, upTo: false };
    const warned = await screenFor('eth_sendTransaction', tx, { signed, dappSet: true, estimateWei: 21_000n * 1_000_000_000n });
    expect(warned.feeWarning).toEqual({ text: feeWarningText(signed.wei, 21_000_000_000_000n), feeWei: signed.wei, estimateWei: 21_000_000_000_000n });
    expect(warned.feeWarning?.text).toBe("This site set a network fee of 0.021 ETH, over 10× the network's estimate of 0.000021 ETH.");
    expect(warned.rows).toContainEqual({ label: 'Network fee', value: '0.021 ETH' });
    expect((await screenFor('eth_sendTransaction', tx, { signed, dappSet: true, estimateWei: signed.wei / 10n })).feeWarning).toBeUndefined();
    expect((await screenFor('eth_sendTransaction', tx, { signed, dappSet: false, estimateWei: 1n })).feeWarning).toBeUndefined();
  });

  test('wallet_sendCalls: one entry per call; the fee said as it is', async () => {
    const calls = [{ to: BOB, value: toHex(parseEther('0.1')) }, { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 2_000_000n] }) }];
    const shown = await screenFor('wallet_sendCalls', [{ chainId: '0x7a69', from: ACCOUNT, calls }], { text: FEE_PAID_BY_SMART_ACCOUNT });
    expect(shown).toMatchObject({
      heading: 'Review calls',
      rows: [
        { label: 'Account', value: ACCOUNT },
        { label: 'Network', value: 'Anvil (chain 31337)' },
        { label: 'Network fee', value: FEE_PAID_BY_SMART_ACCOUNT },
      ],
      calls: [
        [
          { label: 'To', value: BOB },
          { label: 'Amount', value: '0.1 ETH' },
        ],
        [
          { label: 'To', value: TOKEN },
          { label: 'Amount', value: '0 ETH' },
          { label: 'Action', value: `Send 2 PUSD to ${BOB}` },
        ],
      ],
    });
    expect(shown.feeWei).toBeUndefined();
  });

  test("the network by the request's chain id from the page's own table, whatever the host calls it", async () => {
    const onChain = (id: number, hostName: string) =>
      screenOf(
        describeRequest({ method: 'personal_sign', params: [toHex('hi'), ACCOUNT] }, { account: ACCOUNT, chainId: id, networks: [{ ...network, id, name: hostName, caipNetworkId: `eip155:${id}` }] }),
        { requestedBy: ORIGIN, readToken: tokens, lookupName: noNames },
      );
    expect((await onChain(1, 'Totally Safe Testnet')).rows).toContainEqual({ label: 'Network', value: 'Ethereum (chain 1)' });
    expect((await onChain(31338, 'Ethereum')).rows).toContainEqual({ label: 'Network', value: 'Chain 31338' });
  });

  test("the spec's embedded-wallet chains all have a name (zkSync Era Goerli, gone from viem, its number)", () => {
    const named = [1, 5, 11155111, 10, 420, 42161, 137, 80001, 42220, 56, 97, 43114, 43113, 324, 100, 8453, 84531, 84532, 7777777, 999, 31337];
    for (const id of named) expect(networkText(id)).toMatch(new RegExp(`^\\S.* \\(chain ${id}\\)$`));
    expect([1, 10, 137, 8453, 42161, 999].map(networkText)).toEqual([
      'Ethereum (chain 1)',
      'OP Mainnet (chain 10)',
      'Polygon (chain 137)',
      'Base (chain 8453)',
      'Arbitrum One (chain 42161)',
      'Zora Goerli Testnet (chain 999)',
    ]);
    expect(networkText(280)).toBe('Chain 280');
  });

  test('recipients, ERC-20 receivers and spenders carry their name beside the full address; without one, the address alone', async () => {
    const asked: [string, number][] = [];
    const names: LookupName = async (address, chainId) => {
      asked.push([address, chainId]);
      return address === BOB ? 'bob.portico.eth' : undefined;
    };
    const send = (tx: object) => screenFor('eth_sendTransaction', [{ from: ACCOUNT, ...tx }], undefined, names);
    const bob = `bob.portico.eth (${BOB})`;
    expect((await send({ to: BOB, value: toHex(parseEther('1')) })).rows).toContainEqual({ label: 'To', value: bob });
    const transfer = await send({ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('1.5', 6)] }) });
    expect(transfer.rows).toContainEqual({ label: 'To', value: TOKEN });
    expect(transfer.rows).toContainEqual({ label: 'Action', value: `Send 1.5 PUSD to ${bob}` });
    const approve = await send({ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, parseUnits('100', 6)] }) });
    expect(approve.rows).toContainEqual({ label: 'Action', value: `Allow ${bob} to spend 100 PUSD` });
    const moved = await send({ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [ACCOUNT, BOB, 2_000_000n] }) });
    expect(moved.rows).toContainEqual({ label: 'Action', value: `Move 2 PUSD from ${ACCOUNT} to ${bob}` });
    // Names are asked on the request's chain.
    expect(new Set(asked.map(([, chainId]) => chainId))).toEqual(new Set([31337]));
  });

  test('an approval of the maximum amount is unlimited', async () => {
    const approve = (token: string) =>
      screenFor('eth_sendTransaction', [{ from: ACCOUNT, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256] }) }]);
    expect((await approve(TOKEN)).rows).toContainEqual({ label: 'Action', value: `Allow ${BOB} to spend unlimited PUSD` });
    expect((await approve(BOB)).rows).toContainEqual({
      label: 'Action',
      value: `Allow ${BOB} to spend unlimited units of the token at ${BOB} (its symbol and decimals could not be read)`,
    });
  });

  describe("the swap router's calls", () => {
    // As services/api/src/routes/convert.ts encodes them.
    const router = parseAbi([
      'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
      'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
    ]);
    const DEADLINE = 1_700_000_000n;
    const fee: FeeLine = { signed: { wei: 42_000_000_000_000n, upTo: true }, dappSet: false };
    const swap = (data: string, value?: bigint, lookupName = noNames) =>
      screenFor('eth_sendTransaction', [{ from: ACCOUNT, to: ROUTER, data, ...(value !== undefined && { value: toHex(value) }) }], fee, lookupName);

    test('tokens for tokens: what goes in, the least that comes out, who receives it and the deadline', async () => {
      const data = encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [parseUnits('1.5', 6), parseUnits('0.0004', 18), [TOKEN, WETH], ACCOUNT, DEADLINE] });
      expect((await swap(data)).rows).toEqual([
        { label: 'Account', value: ACCOUNT },
        { label: 'Network', value: 'Anvil (chain 31337)' },
        { label: 'To', value: ROUTER },
        { label: 'Amount', value: '0 ETH' },
        { label: 'Action', value: 'Swap 1.5 PUSD for at least 0.0004 WETH' },
        { label: 'Recipient', value: ACCOUNT },
        { label: 'Deadline', value: '2023-11-14 22:13:20 UTC' },
        { label: 'Network fee', value: 'Up to 0.000042 ETH' },
      ]);
    });

    test("ETH in (the call's value) and ETH out; a named recipient; a deadline past any date", async () => {
      const ethIn = encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [parseUnits('300', 6), [WETH, TOKEN], BOB, maxUint256] });
      const bought = await swap(ethIn, parseEther('0.5'), async (address) => (address === BOB ? 'bob.portico.eth' : undefined));
      expect(bought.rows).toContainEqual({ label: 'Amount', value: '0.5 ETH' });
      expect(bought.rows).toContainEqual({ label: 'Action', value: 'Swap 0.5 ETH for at least 300 PUSD' });
      expect(bought.rows).toContainEqual({ label: 'Recipient', value: `bob.portico.eth (${BOB})` });
      expect(bought.rows).toContainEqual({ label: 'Deadline', value: `No expiry (unix time ${maxUint256})` });
      const ethOut = encodeFunctionData({ abi: router, functionName: 'swapExactTokensForETH', args: [parseUnits('100', 6), parseEther('0.03'), [TOKEN, WETH], ACCOUNT, DEADLINE] });
      expect((await swap(ethOut)).rows).toContainEqual({ label: 'Action', value: 'Swap 100 PUSD for at least 0.03 ETH' });
    });

    test('a token that cannot be read in raw units; a call off the exact encoding by its selector', async () => {
      const unknown = encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [5n, 7n, [BOB, TOKEN], ACCOUNT, DEADLINE] });
      expect((await swap(unknown)).rows).toContainEqual({
        label: 'Action',
        value: `Swap 5 raw units of the token at ${BOB} (its symbol and decimals could not be read) for at least 0.000007 PUSD`,
      });
      const trailing = `${unknown}00`;
      expect((await swap(trailing)).rows).toContainEqual({ label: 'Action', value: `Call ${unknown.slice(0, 10)} with ${(trailing.length - 2) / 2} bytes of data` });
    });

    test('wallet_sendCalls: an approve then a swap, call by call', async () => {
      const calls = [
        { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, parseUnits('100', 6)] }) },
        { to: ROUTER, data: encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [parseUnits('100', 6), parseUnits('0.03', 18), [TOKEN, WETH], ACCOUNT, DEADLINE] }) },
      ];
      const shown = await screenFor('wallet_sendCalls', [{ chainId: '0x7a69', from: ACCOUNT, calls }], { text: FEE_PAID_BY_SMART_ACCOUNT });
      expect(shown.calls).toEqual([
        [
          { label: 'To', value: TOKEN },
          { label: 'Amount', value: '0 ETH' },
          { label: 'Action', value: `Allow ${ROUTER} to spend 100 PUSD` },
        ],
        [
          { label: 'To', value: ROUTER },
          { label: 'Amount', value: '0 ETH' },
          { label: 'Action', value: 'Swap 100 PUSD for at least 0.03 WETH' },
          { label: 'Recipient', value: ACCOUNT },
          { label: 'Deadline', value: '2023-11-14 22:13:20 UTC' },
        ],
      ]);
    });
  });
});
