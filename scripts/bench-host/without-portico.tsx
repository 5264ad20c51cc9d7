// The same Vite + wagmi app without Portico: wagmi's own injected connector and a button of its own.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { mainnet } from 'viem/chains';
import { WagmiProvider, createConfig, http, useAccount, useBalance, useConnect, useSignMessage } from 'wagmi';
import { injected } from 'wagmi/connectors';

const config = createConfig({ chains: [mainnet], connectors: [injected()], transports: { [mainnet.id]: http() } });

function Page() {
  const { address, isConnected } = useAccount();
  const { connect } = useConnect();
  const { data } = useBalance({ address });
  const { signMessage } = useSignMessage();
  return isConnected ? (
    <button onClick={() => signMessage({ message: 'Hello' })}>{`${address} ${data?.value ?? ''}`}</button>
  ) : (
    <button onClick={() => connect({ connector: injected() })}>Connect Wallet</button>
  );
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={new QueryClient()}>
      <Page />
    </QueryClientProvider>
  </WagmiProvider>,
);
