import { describe, expect, it } from '@rstest/core';
import { createEip155Adapter } from '../src/adapters/eip155';
import type { Connector } from '../src/adapters/types';
import type { WalletConnectSource } from '../src/walletconnect/source';

const source = {} as WalletConnectSource;

function walletConnectConnector(imageUrl?: string): Connector | undefined {
  let listed: Connector[] = [];
  createEip155Adapter({ eventTarget: new EventTarget(), walletConnect: { source, onUri: () => undefined, imageUrl } }).watchConnectors((connectors) => (listed = connectors));
  return listed.find((connector) => connector.type === 'WALLET_CONNECT');
}

describe("the WalletConnect connector's logo", () => {
  it('is the image URL it is given (the API serves the artwork)', () => {
    expect(walletConnectConnector('https://api.example/v1/connector-images/walletConnect')?.imageUrl).toBe('https://api.example/v1/connector-images/walletConnect');
  });

  it('is absent without one (no API): the views draw their placeholder', () => {
    expect(walletConnectConnector()).toBeDefined();
    expect(walletConnectConnector()).not.toHaveProperty('imageUrl');
  });
});
