import type { CaipNetwork, ChainNamespace, NetworkInput } from '@portico/shared-state';
import { useCallback, useSyncExternalStore } from 'react';
import type { PorticoAccount, PorticoInstance, PorticoState } from '../instance';
import { getCurrentInstance } from './current';

/** `{ open, close }`, like AppKit's useAppKit. */
export function usePortico(): Pick<PorticoInstance, 'open' | 'close'> {
  const instance = getCurrentInstance();
  return { open: instance.open, close: instance.close };
}

export function usePorticoAccount(options: { namespace?: ChainNamespace } = {}): PorticoAccount {
  const instance = getCurrentInstance();
  const { namespace } = options;
  const subscribe = useCallback((onChange: () => void) => instance.subscribeAccount(onChange, namespace), [instance, namespace]);
  const read = useCallback(() => instance.getAccount(namespace), [instance, namespace]);
  return useSyncExternalStore(subscribe, read, read);
}

export function usePorticoNetwork(): {
  caipNetwork: CaipNetwork | undefined;
  caipNetworkId: string | undefined;
  chainId: number | string | undefined;
  switchNetwork(network: NetworkInput): Promise<void>;
} {
  const instance = getCurrentInstance();
  const caipNetwork = useSyncExternalStore(instance.subscribeNetwork, instance.getCaipNetwork, instance.getCaipNetwork);
  return {
    caipNetwork,
    caipNetworkId: caipNetwork?.caipNetworkId,
    chainId: caipNetwork?.id,
    switchNetwork: instance.switchNetwork,
  };
}

export function usePorticoState(): PorticoState {
  const instance = getCurrentInstance();
  return useSyncExternalStore(instance.subscribeState, instance.getState, instance.getState);
}

/** The connected wallet's provider (EIP-1193 for eip155). */
export function usePorticoProvider<T = unknown>(namespace?: ChainNamespace): {
  walletProvider: T | undefined;
  walletProviderType: string | undefined;
} {
  const account = usePorticoAccount({ namespace });
  const instance = getCurrentInstance();
  const walletProvider = account.isConnected ? (instance.getProvider(namespace) as T | undefined) : undefined;
  return { walletProvider, walletProviderType: walletProvider ? 'injected' : undefined };
}
