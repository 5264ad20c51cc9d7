// The same Vite + wagmi app on Portico: AppKit's quick-start shape (WagmiAdapter, createAppKit, <appkit-button>).
import { createAppKit, useAppKitAccount } from '@portico/react';
import { mainnet } from '@portico/js/networks';
import { WagmiAdapter } from '@portico/wagmi';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { WagmiProvider, useAccount, useBalance, useSignMessage } from 'wagmi';

const wagmiAdapter = new WagmiAdapter({ networks: [mainnet], projectId: 'bench' });
createAppKit({ adapters: [wagmiAdapter], networks: [mainnet], projectId: 'bench' });

function Page() {
  const { address } = useAccount();
  const { isConnected } = useAppKitAccount();
  const { data } = useBalance({ address });
  const { signMessage } = useSignMessage();
  return isConnected ? <button onClick={() => signMessage({ message: 'Hello' })}>{`${address} ${data?.value ?? ''}`}</button> : <appkit-button />;
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={new QueryClient()}>
      <Page />
    </QueryClientProvider>
  </WagmiProvider>,
);
