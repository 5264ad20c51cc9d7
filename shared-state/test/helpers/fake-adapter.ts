import type { ChainAdapter, ConnectedAccount, Connector, TokenTransfer, TransactionOutcome } from '../../src/adapters/types';
import type { CaipNetwork } from '../../src/network';
import { ANVIL_ADDRESS_CHECKSUMMED } from './fake-wallet';
import { deferred } from './api-server';

/**
 * A scriptable eip155 adapter: `connect('walletConnect')` returns a promise the test settles
 * (`pairings`), any other connector connects at once to `account`. Transfers are recorded.
 */
export class FakeAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const;
  account: ConnectedAccount = { address: ANVIL_ADDRESS_CHECKSUMMED, chainReference: '31337' };
  connectCalls: string[] = [];
  /** One per connect('walletConnect'), oldest first. */
  pairings: Array<ReturnType<typeof deferred<ConnectedAccount>>> = [];
  connectors: Connector[] = [
    { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155', installed: false },
    { id: 'io.fake', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155', installed: true, info: { rdns: 'io.fake' } },
  ];
  fee = '0.000021';
  estimates: TokenTransfer[] = [];
  transfers: Array<{ connectorId: string; transfer: TokenTransfer; network: CaipNetwork }> = [];
  /** When set, sendTransfer throws it. */
  sendError?: unknown;
  hash = `0x${'ab'.repeat(32)}`;
  outcome: TransactionOutcome['status'] = 'success';
  /** Thrown by waitForTransaction (a receipt that cannot be read), when set. */
  receiptError: Error | undefined;
  /** Hashes whose receipt was asked for, in order. */
  readonly receiptChecks: string[] = [];

  watchConnectors(onChange: (connectors: Connector[]) => void) {
    onChange([...this.connectors]);
    return () => undefined;
  }

  connect(connectorId: string): Promise<ConnectedAccount> {
    this.connectCalls.push(connectorId);
    if (connectorId === 'walletConnect') {
      const pairing = deferred<ConnectedAccount>();
      this.pairings.push(pairing);
      return pairing.promise;
    }
    return Promise.resolve({ ...this.account });
  }

  async reconnect() {
    return undefined;
  }
  async disconnect() {}
  async switchNetwork() {}
  watchWallet() {
    return () => undefined;
  }
  async normalizeAddress(address: string) {
    return address;
  }
  async getNativeBalance(_address: string, network: CaipNetwork) {
    return { decimalText: '10', symbol: network.nativeCurrency.symbol };
  }
  async estimateTransferFee(transfer: TokenTransfer) {
    this.estimates.push(transfer);
    return this.fee;
  }
  async sendTransfer(connectorId: string, transfer: TokenTransfer, network: CaipNetwork) {
    this.transfers.push({ connectorId, transfer, network });
    if (this.sendError) throw this.sendError;
    return this.hash;
  }
  async waitForTransaction(hash: string): Promise<TransactionOutcome> {
    this.receiptChecks.push(hash);
    if (this.receiptError) throw this.receiptError;
    return { hash, status: this.outcome };
  }
  getProvider() {
    return undefined;
  }
}
