import { toCaipNetwork } from '@portico/shared-state';
import { describeRequest } from '@portico/shared-state/embedded';
import { EMBEDDED_TEST_ADDRESS as ACCOUNT, RECEIVER, embeddedTestWallet, minimalOptions, testCore, type EmbeddedTestWallet } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import ApproveTransaction from '../src/views/ApproveTransaction';
import { MAX_UINT256 } from '../src/lib/approval';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SPENDER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const context = { account: ACCOUNT, chainId: 31337, networks: minimalOptions().networks.map(toCaipNetwork) };

/** ABI-encodes an ERC-20 call (selector + one address + one amount): the remote does not depend on viem. */
const erc20Call = (selector: string, address: string, amount: bigint) =>
  `${selector}${address.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;

afterEach(cleanupViews);

/** The embedded wallet signed in as ACCOUNT, the ApproveTransaction view rendered over it. */
async function approvalView(): Promise<EmbeddedTestWallet> {
  const embedded = embeddedTestWallet();
  await embedded.wallet.login.submitEmail('ada@example.com');
  await embedded.wallet.login.submitCode('123456');
  const { core } = await testCore({ embedded: embedded.handle });
  renderView(ApproveTransaction, { core });
  return embedded;
}

/** The view's description lists as term → detail text. */
const details = (): Record<string, string | null | undefined> =>
  Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]));

describe('ApproveTransaction', () => {
  it('says so when no request is waiting', async () => {
    await approvalView();
    expect(await screen.findByText('No request is waiting for approval.')).toBeTruthy();
  });

  it('shows a native transfer before approving; Approve sends it to the secure site', async () => {
    const embedded = await approvalView();
    await screen.findByText('No request is waiting for approval.');
    const sent = embedded.wallet.provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECEIVER, value: '0x16345785d8a0000' }] });

    await screen.findByRole('button', { name: 'Approve' });
    expect(details()).toMatchObject({
      From: ACCOUNT,
      To: RECEIVER,
      Amount: '0.1 ETH',
      Network: 'Anvil Local',
      Action: 'Plain transfer',
      'Network fee': 'Estimating…',
    });
    expect(embedded.requests.filter((request) => request.name === 'RPC_REQUEST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await expect(sent).resolves.toBe('0x' + 'ab'.repeat(32));
    expect(embedded.requests.filter((request) => request.name === 'RPC_REQUEST')).toMatchObject([
      { payload: { method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECEIVER, value: '0x16345785d8a0000' }] } },
    ]);
    await screen.findByText('No request is waiting for approval.');
  });

  it('Reject fails the request with 4001 and sends nothing', async () => {
    const embedded = await approvalView();
    const sent = embedded.wallet.provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECEIVER, value: '0x1' }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await expect(sent).rejects.toMatchObject({ code: 4001 });
    expect(embedded.requests.filter((request) => request.name === 'RPC_REQUEST')).toHaveLength(0);
  });

  it('shows the network fee once estimated, or that it could not be', async () => {
    const embedded = await approvalView();
    const { approval } = embedded.wallet;
    void approval.ask(describeRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECEIVER, value: '0x1' }] }, context));
    await screen.findByRole('button', { name: 'Approve' });
    const id = approval.getSnapshot()!.id;
    act(() => approval.update(id, { fee: { status: 'ready', amount: '0.000021', symbol: 'ETH' } }));
    await waitFor(() => expect(details()).toMatchObject({ 'Network fee': '0.000021 ETH' }));
    act(() => approval.update(id, { fee: { status: 'unavailable' } }));
    await waitFor(() => expect(details()).toMatchObject({ 'Network fee': 'Could not be estimated' }));
  });

  it('decodes an ERC-20 transfer: token contract, recipient, raw amount', async () => {
    const embedded = await approvalView();
    const data = erc20Call('0xa9059cbb', RECEIVER, 1_500_000n);
    void embedded.wallet.approval.ask(describeRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: TOKEN, data }] }, context));
    await screen.findByRole('button', { name: 'Approve' });
    expect(details()).toMatchObject({
      'Token contract': TOKEN,
      Amount: '0 ETH',
      Action: 'Token transfer (ERC-20)',
      Recipient: RECEIVER,
      'Token amount': "1500000 (raw, before the token's decimals)",
    });
    expect(screen.queryByRole('alert')).toBeNull();
    // Once the token's symbol and decimals are read from the chain, the amount is in whole tokens.
    const { id } = embedded.wallet.approval.getSnapshot()!;
    act(() => embedded.wallet.approval.update(id, { tokens: { [TOKEN.toLowerCase()]: { symbol: 'USDC', decimals: 6 } } }));
    // Waits for the re-render: CI once read the list before React had committed it.
    await waitFor(() => expect(details()['Token amount']).toBe('1.5 USDC'));
  });

  it('warns before an unlimited ERC-20 approval', async () => {
    const embedded = await approvalView();
    const data = erc20Call('0x095ea7b3', SPENDER, BigInt(MAX_UINT256));
    void embedded.wallet.approval.ask(describeRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: TOKEN, data }] }, context));
    await screen.findByRole('button', { name: 'Approve' });
    expect(details()).toMatchObject({ Spender: SPENDER, Allowance: 'Unlimited' });
    expect(screen.getByRole('alert').textContent).toMatch(/^Unlimited approval: the spender can move all of this token/);
  });

  it('shows another contract call by its selector and size, and each call of a batch', async () => {
    const embedded = await approvalView();
    const calls = [
      { to: RECEIVER, value: '0x2386f26fc10000' },
      { to: TOKEN, data: '0x12345678aabb' },
    ];
    void embedded.wallet.approval.ask(describeRequest({ method: 'wallet_sendCalls', params: [{ chainId: '0x7a69', calls }] }, context));
    await screen.findByRole('button', { name: 'Approve' });
    expect(details()).toMatchObject({ From: ACCOUNT });
    const first = within(screen.getByRole('region', { name: 'Call 1 of 2' }));
    expect(first.getByText('Plain transfer')).toBeTruthy();
    expect(first.getByText('0.01 ETH')).toBeTruthy();
    const second = within(screen.getByRole('region', { name: 'Call 2 of 2' }));
    expect(second.getByText('0x12345678')).toBeTruthy();
    expect(second.getByText('6 bytes')).toBeTruthy();
  });

  it('shows a personal_sign message as text in a focusable region named Message', async () => {
    const embedded = await approvalView();
    const sent = embedded.wallet.provider.request({ method: 'personal_sign', params: ['Sign in to Test dapp\nNonce: 42', ACCOUNT] });
    const message = await screen.findByRole('region', { name: 'Message' });
    expect(message.textContent).toBe('Sign in to Test dapp\nNonce: 42');
    expect(message.tabIndex).toBe(0);
    expect(details()).toMatchObject({ Signer: ACCOUNT, Network: 'Anvil Local' });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await expect(sent).resolves.toBeTruthy();
  });

  it('shows a message that is not text as hex, and says so', async () => {
    const embedded = await approvalView();
    void embedded.wallet.approval.ask(describeRequest({ method: 'personal_sign', params: ['0x00ff01', ACCOUNT] }, context));
    expect((await screen.findByRole('region', { name: 'Message' })).textContent).toBe('0x00ff01');
    expect(screen.getByText('This message is not readable text; it is shown as hex.')).toBeTruthy();
  });

  it('shows typed data: domain, verifying contract, primary type and the message as JSON', async () => {
    const embedded = await approvalView();
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', chainId: 31337, verifyingContract: TOKEN },
      message: { contents: 'Hello, Bob!' },
    };
    void embedded.wallet.approval.ask(describeRequest({ method: 'eth_signTypedData_v4', params: [ACCOUNT, JSON.stringify(typedData)] }, context));
    const message = await screen.findByRole('region', { name: 'Message' });
    expect(JSON.parse(message.textContent!)).toEqual({ contents: 'Hello, Bob!' });
    expect(details()).toMatchObject({ Domain: 'Ether Mail', 'Verifying contract': TOKEN, 'Primary type': 'Mail', Signer: ACCOUNT });
  });

  it('a site without the embedded wallet has nothing to approve', async () => {
    const { core } = await testCore();
    renderView(ApproveTransaction, { core });
    expect(screen.getByText('No request is waiting for approval.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });
});
