/**
 * AppKit's React + Wagmi quick-start (reown-com/appkit-web-examples, react/react-wagmi), written to its documented
 * API on Portico's packages. What differs from an AppKit site, line by line:
 * - the imports: `@reown/appkit/react` → `@portico/react`, `@reown/appkit/networks` → `@portico/js/networks`,
 *   `@reown/appkit-adapter-wagmi` → `@portico/wagmi`;
 * - `projectId` is the Portico operator's (the demo API's `portico-demo`);
 * - the networks start with the local chain (config/index.tsx), as this machine has no Internet.
 */
import { createAppKit } from '@portico/react' // AppKit: '@reown/appkit/react'
import { WagmiProvider } from 'wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { ActionButtonList } from './components/ActionButtonList'
import { InfoList } from './components/InfoList'
import { projectId, metadata, networks, wagmiAdapter } from './config'

const queryClient = new QueryClient()

const generalConfig = {
  projectId,
  networks,
  metadata,
  themeMode: 'light' as const,
  themeVariables: {
    '--w3m-accent': '#000000',
  },
}

// Create modal
createAppKit({
  adapters: [wagmiAdapter],
  ...generalConfig,
  features: {
    analytics: true, // Optional - defaults to your Cloud configuration
  },
})

export function App() {
  const [transactionHash, setTransactionHash] = useState<`0x${string}` | undefined>(undefined)
  const [signedMsg, setSignedMsg] = useState('')
  const [balance, setBalance] = useState('')

  const receiveHash = (hash: `0x${string}`) => {
    setTransactionHash(hash) // Update the state with the transaction hash
  }

  const receiveSignedMsg = (signedMsg: string) => {
    setSignedMsg(signedMsg) // Update the state with the transaction hash
  }

  const receivebalance = (balance: string) => {
    setBalance(balance)
  }

  return (
    <div className={'pages'}>
      <h1>AppKit Wagmi React dApp Example</h1>
      <WagmiProvider config={wagmiAdapter.wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <appkit-button />
          <ActionButtonList sendHash={receiveHash} sendSignMsg={receiveSignedMsg} sendBalance={receivebalance} />
          <InfoList hash={transactionHash} signedMsg={signedMsg} balance={balance} />
        </QueryClientProvider>
      </WagmiProvider>
    </div>
  )
}

export default App
