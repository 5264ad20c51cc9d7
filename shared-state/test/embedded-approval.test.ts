import { describe, expect, it } from '@rstest/core';
import { encodeFunctionData, erc20Abi, parseAbi, stringToHex } from 'viem';
import { describeRequest, InvalidApprovalRequestError, MAX_SEND_CALLS, type ApprovalContext } from '../src/embedded/approval';
import { MAX_RPC_PARAMS_CHARS } from '../src/embedded/constants';
import { toCaipNetwork } from '../src/network';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const devchain = toCaipNetwork({
  id: 31337,
  name: 'Devchain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});
const CONTEXT: ApprovalContext = { account: ACCOUNT, chainId: 31337, networks: [devchain] };

const refusal = (request: { method: string; params?: unknown }, context = CONTEXT): InvalidApprovalRequestError => {
  try {
    describeRequest(request, context);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidApprovalRequestError);
    expect((error as InvalidApprovalRequestError).code).toBe(-32602);
    return error as InvalidApprovalRequestError;
  }
  throw new Error('expected a refusal');
};

const TYPED_DATA = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Mailer', chainId: 31337 },
  message: { to: BOB, contents: 'Hello, Bob!' },
};

describe('approval gate: personal_sign', () => {
  it('shows hex that is printable UTF-8 as text, with the signer and network', () => {
    const hex = stringToHex('Sign in to Portico\nNonce: 42 ✓');
    expect(describeRequest({ method: 'personal_sign', params: [hex, ACCOUNT] }, CONTEXT)).toEqual({
      kind: 'message',
      method: 'personal_sign',
      signer: ACCOUNT,
      network: { chainId: 31337, name: 'Devchain' },
      text: 'Sign in to Portico\nNonce: 42 ✓',
      hex,
    });
  });

  it('shows bytes that are not printable text (a hash, invalid UTF-8, control characters) as hex only', () => {
    for (const hex of ['0x' + 'ab'.repeat(32), '0xff00', stringToHex('a\u0000b')]) {
      const description = describeRequest({ method: 'personal_sign', params: [hex, ACCOUNT] }, CONTEXT);
      expect(description).toMatchObject({ kind: 'message', hex });
      expect(description).not.toHaveProperty('text');
    }
  });

  it('takes a plain text message as text, and any spelling of the account as the signer', () => {
    const description = describeRequest({ method: 'personal_sign', params: ['hello', ACCOUNT.toLowerCase()] }, CONTEXT);
    expect(description).toMatchObject({ text: 'hello', hex: stringToHex('hello') });
  });

  it('refuses another signer, a missing message and params that are not a list', () => {
    expect(refusal({ method: 'personal_sign', params: ['0x68', BOB] }).shortMessage).toBe(
      'Invalid personal_sign request: the signer is not the embedded account',
    );
    expect(refusal({ method: 'personal_sign', params: [42, ACCOUNT] }).shortMessage).toMatch('the message must be text or 0x hex');
    expect(refusal({ method: 'personal_sign', params: ['0x68', 'ada'] }).shortMessage).toMatch('the signer must be a 0x address');
    expect(refusal({ method: 'personal_sign', params: { message: '0x68' } }).shortMessage).toMatch('params must be an array');
  });
});

describe('approval gate: eth_signTypedData_v4', () => {
  it('shows domain, primary type and message, from JSON text or an object', () => {
    const expected = {
      kind: 'typed-data',
      method: 'eth_signTypedData_v4',
      signer: ACCOUNT,
      network: { chainId: 31337, name: 'Devchain' },
      domain: TYPED_DATA.domain,
      primaryType: 'Mail',
      message: TYPED_DATA.message,
    };
    expect(describeRequest({ method: 'eth_signTypedData_v4', params: [ACCOUNT, JSON.stringify(TYPED_DATA)] }, CONTEXT)).toEqual(expected);
    expect(describeRequest({ method: 'eth_signTypedData_v4', params: [ACCOUNT, TYPED_DATA] }, CONTEXT)).toEqual(expected);
  });

  it('refuses malformed JSON, missing fields, values that do not fit their types, another chain and another signer', () => {
    const method = 'eth_signTypedData_v4';
    expect(refusal({ method, params: [ACCOUNT, '{"types":'] }).shortMessage).toBe(
      'Invalid eth_signTypedData_v4 request: typed data is not valid JSON',
    );
    expect(refusal({ method, params: [ACCOUNT, { ...TYPED_DATA, primaryType: undefined }] }).shortMessage).toMatch('typed data primaryType');
    expect(
      refusal({ method, params: [ACCOUNT, { ...TYPED_DATA, message: { to: 'not an address', contents: 'x' } }] }).shortMessage,
    ).toMatch('typed data does not match its types');
    expect(refusal({ method, params: [ACCOUNT, { ...TYPED_DATA, domain: { name: 'Mailer', chainId: 1 } }] }).shortMessage).toMatch(
      'typed data is for chain 1, the wallet is on 31337',
    );
    expect(refusal({ method, params: [BOB, TYPED_DATA] }).shortMessage).toMatch('the signer is not the embedded account');
  });
});

describe('approval gate: eth_sendTransaction', () => {
  it('shows a native send: receiver, value in ETH, no data, network', () => {
    expect(
      describeRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: BOB, value: '0x16345785d8a0000' }] }, CONTEXT),
    ).toEqual({
      kind: 'transaction',
      method: 'eth_sendTransaction',
      from: ACCOUNT,
      network: { chainId: 31337, name: 'Devchain' },
      call: { to: BOB, value: { raw: '100000000000000000', formatted: '0.1', symbol: 'ETH' }, data: { kind: 'none' }, input: '0x' },
    });
  });

  it('decodes an ERC-20 transfer and approve; other calls show their selector; no `to` is a deployment', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1_500_000n] });
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, 2n ** 256n - 1n] });
    const describe = (tx: object) => describeRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, ...tx }] }, CONTEXT);
    expect(describe({ to: TOKEN, data: transfer })).toMatchObject({
      call: { to: TOKEN, value: { formatted: '0', symbol: 'ETH' }, data: { kind: 'erc20-transfer', to: BOB, amount: '1500000' } },
    });
    expect(describe({ to: TOKEN, input: approve })).toMatchObject({
      call: { data: { kind: 'erc20-approve', spender: BOB, amount: (2n ** 256n - 1n).toString() } },
    });
    expect(describe({ to: TOKEN, data: '0xdeadbeef0000' })).toMatchObject({ call: { data: { kind: 'call', selector: '0xdeadbeef', bytes: 6 } } });
    // A transfer with bytes appended is not shown as a plain transfer.
    expect(describe({ to: TOKEN, data: `${transfer}00` })).toMatchObject({ call: { data: { kind: 'call', selector: '0xa9059cbb' } } });
    expect(describe({ data: '0x6080' })).toMatchObject({ call: { data: { kind: 'deploy', bytes: 2 } } });
    expect(describe({ to: null, data: '0x6080' }).kind).toBe('transaction');
  });

  it("decodes the router's swaps as the API encodes them; a non-canonical encoding or a one-token path shows its selector", () => {
    // The signatures services/api/src/routes/convert.ts encodes with.
    const router = parseAbi([
      'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
      'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
    ]);
    const WETH = '0x4200000000000000000000000000000000000006';
    const describe = (data: string, value?: string) => {
      const described = describeRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: BOB, data, ...(value && { value }) }] }, CONTEXT);
      return described.kind === 'transaction' ? described.call.data : undefined;
    };
    const tokensForTokens = encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [1_500_000n, 400n, [TOKEN, WETH], ACCOUNT, 1_700_000_000n] });
    expect(describe(tokensForTokens)).toEqual({
      kind: 'swap',
      functionName: 'swapExactTokensForTokens',
      amountIn: '1500000',
      amountOutMin: '400',
      path: [TOKEN, WETH],
      recipient: ACCOUNT,
      deadline: '1700000000',
    });
    const ethForTokens = encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [7n, [WETH, TOKEN], BOB, 9n] });
    expect(describe(ethForTokens, '0x10')).toEqual({ kind: 'swap', functionName: 'swapExactETHForTokens', amountOutMin: '7', path: [WETH, TOKEN], recipient: BOB, deadline: '9' });
    const tokensForEth = encodeFunctionData({ abi: router, functionName: 'swapExactTokensForETH', args: [3n, 2n, [TOKEN, WETH], ACCOUNT, 1n] });
    expect(describe(tokensForEth)).toMatchObject({ kind: 'swap', functionName: 'swapExactTokensForETH', amountIn: '3', amountOutMin: '2' });
    // Bytes after the arguments would reach the router unseen.
    expect(describe(`${tokensForEth}00`)).toEqual({ kind: 'call', selector: tokensForEth.slice(0, 10), bytes: (tokensForEth.length - 2) / 2 + 1 });
    const oneToken = encodeFunctionData({ abi: router, functionName: 'swapExactTokensForETH', args: [3n, 2n, [TOKEN], ACCOUNT, 1n] });
    expect(describe(oneToken)).toMatchObject({ kind: 'call', selector: oneToken.slice(0, 10) });
  });

  it('refuses another sender, another or unknown chain, malformed fields, and a deployment without code', () => {
    const method = 'eth_sendTransaction';
    expect(refusal({ method, params: [{ from: BOB, to: BOB }] }).shortMessage).toBe(
      'Invalid eth_sendTransaction request: from is not the embedded account',
    );
    expect(refusal({ method, params: [{ from: ACCOUNT, to: BOB, chainId: '0x1' }] }).shortMessage).toMatch(
      'the request is for chain 1, the wallet is on 31337',
    );
    expect(refusal({ method, params: [{ from: ACCOUNT, to: BOB }] }, { ...CONTEXT, chainId: 5 }).shortMessage).toMatch(
      'chain 5 is not one of the configured networks',
    );
    expect(refusal({ method, params: [{ from: ACCOUNT, to: BOB, value: '100' }] }).shortMessage).toMatch('transaction value: must be a 0x hex quantity');
    expect(refusal({ method, params: [{ from: ACCOUNT, to: BOB, data: '0x123' }] }).shortMessage).toMatch('transaction data: must be 0x-prefixed hex bytes');
    expect(refusal({ method, params: [{ from: ACCOUNT, to: 'bob.eth' }] }).shortMessage).toMatch('transaction to: must be a 0x address');
    expect(refusal({ method, params: [] }).shortMessage).toMatch('transaction');
    expect(refusal({ method, params: [{ from: ACCOUNT }] }).shortMessage).toMatch('a transaction without `to` must carry contract code');
  });
});

describe('approval gate: wallet_sendCalls', () => {
  const batch = (calls: unknown[], extra: object = {}) => ({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls, ...extra }] });

  it('describes each call like a transaction', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 5n] });
    expect(describeRequest(batch([{ to: BOB, value: '0xde0b6b3a7640000' }, { to: TOKEN, data: transfer }]), CONTEXT)).toEqual({
      kind: 'calls',
      method: 'wallet_sendCalls',
      from: ACCOUNT,
      network: { chainId: 31337, name: 'Devchain' },
      calls: [
        { to: BOB, value: { raw: '1000000000000000000', formatted: '1', symbol: 'ETH' }, data: { kind: 'none' }, input: '0x' },
        { to: TOKEN, value: { raw: '0', formatted: '0', symbol: 'ETH' }, data: { kind: 'erc20-transfer', to: BOB, amount: '5' }, input: transfer },
      ],
      atomicRequired: false,
    });
  });

  it('carries atomicRequired (EIP-5792) and refuses a value that is not a boolean', () => {
    expect(describeRequest(batch([{ to: BOB }], { atomicRequired: true }), CONTEXT)).toMatchObject({ kind: 'calls', atomicRequired: true });
    expect(refusal(batch([{ to: BOB }], { atomicRequired: 'yes' })).shortMessage).toMatch('atomicRequired');
  });

  it(`refuses no calls, more than ${MAX_SEND_CALLS}, a call without a 0x 'to', another chain and another sender`, () => {
    expect(refusal(batch([])).shortMessage).toMatch('calls calls: must have at least one call');
    expect(describeRequest(batch(Array(MAX_SEND_CALLS).fill({ to: BOB })), CONTEXT).kind).toBe('calls');
    expect(refusal(batch(Array(MAX_SEND_CALLS + 1).fill({ to: BOB }))).shortMessage).toMatch(`must have at most ${MAX_SEND_CALLS} calls`);
    expect(refusal(batch([{ data: '0x' }])).shortMessage).toMatch('calls calls.0.to');
    expect(refusal(batch([{ to: BOB }], { chainId: '0x1' })).shortMessage).toMatch('the request is for chain 1');
    expect(refusal(batch([{ to: BOB }], { from: BOB })).shortMessage).toMatch('from is not the embedded account');
  });
});

describe('approval gate: limits and other methods', () => {
  it(`refuses params over ${MAX_RPC_PARAMS_CHARS} characters as JSON before reading them`, () => {
    const message = `0x${'61'.repeat(MAX_RPC_PARAMS_CHARS / 2)}`;
    expect(refusal({ method: 'personal_sign', params: [message, ACCOUNT] }).shortMessage).toMatch(
      `params must be JSON of at most ${MAX_RPC_PARAMS_CHARS} characters`,
    );
  });

  it('refuses methods that need approval but that the gate cannot show', () => {
    for (const method of ['wallet_grantPermissions', 'eth_sendUserOperation', 'solana_signMessage']) {
      expect(refusal({ method, params: [{}] }).shortMessage).toBe(`Invalid ${method} request: Portico cannot show this request for approval`);
    }
  });
});
