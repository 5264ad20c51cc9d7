/**
 * AppKit's React + ethers quick-start (reown-com/appkit-web-examples, react/react-ethers), written to its documented
 * API on Portico's packages. What differs from an AppKit site, line by line:
 * - the imports: `@reown/appkit/react` → `@portico/react`, `@reown/appkit/networks` → `@portico/js/networks`,
 *   `@reown/appkit-adapter-ethers` → `@portico/js/adapters` (its `EthersAdapter` only names the eip155 namespace:
 *   the page signs with ethers over `useAppKitProvider('eip155')`, as on AppKit);
 * - `projectId` is the Portico operator's (the demo API's `portico-demo`);
 * - the networks start with the local chain (config/index.tsx), as this machine has no Internet;
 * - package.json pins `viem`, the peer dependency of `@portico/js` (its networks are viem's chains).
 */
import { createAppKit } from '@portico/react' // AppKit: '@reown/appkit/react'
import { EthersAdapter } from '@portico/js/adapters' // AppKit: '@reown/appkit-adapter-ethers'
import { useState } from 'react'
import { ActionButtonList } from './components/ActionButtonList'
import { InfoList } from './components/InfoList'
import { projectId, metadata, networks } from './config'

// Create the modal, once, before the page renders
createAppKit({
  adapters: [new EthersAdapter()],
  networks,
  metadata,
  projectId,
  themeMode: 'light',
  features: {
    analytics: true, // Optional - defaults to your Cloud configuration
  },
  themeVariables: {
    '--w3m-accent': '#000000',
  },
})

export function App() {
  const [transactionHash, setTransactionHash] = useState('')
  const [signedMsg, setSignedMsg] = useState('')
  const [balance, setBalance] = useState('')

  return (
    <div className={'pages'}>
      <h1>AppKit ethers React dApp Example</h1>
      <appkit-button />
      <ActionButtonList sendHash={setTransactionHash} sendSignMsg={setSignedMsg} sendBalance={setBalance} />
      <InfoList hash={transactionHash} signedMsg={signedMsg} balance={balance} />
    </div>
  )
}

export default App
