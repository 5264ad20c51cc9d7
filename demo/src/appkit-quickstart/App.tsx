/**
 * AppKit's React quick-start on Portico: `createAppKit` with an adapter, networks and metadata,
 * `<appkit-button />` and `<AppKitNetworkButton />`, and the hooks of AppKit's React examples
 * (reown-com/appkit-web-examples, react/react-ethers: src/App.tsx, src/config/index.tsx,
 * src/components/{ActionButtonList,InfoList}.tsx). Written to AppKit's documented API, not copied:
 * the reference material may not be committed verbatim, and its ethers calls need a package the demo
 * does not have (signing goes through the EIP-1193 `walletProvider` instead).
 *
 * What differs from an AppKit site, line by line:
 * - the imports: `@reown/appkit/react` → `portico_shell/appkit/react`, `@reown/appkit/networks` →
 *   `portico_shell/appkit/networks`, `@reown/appkit-adapter-ethers` → `portico_shell/appkit/adapters`;
 * - `projectId` (config.ts) is the demo API's project, `portico-demo`;
 * - Get Balance reads through AppKit's `useAppKitBalance` instead of ethers' `BrowserProvider.getBalance`;
 * - the network button is AppKit's React component `<AppKitNetworkButton />` (the example has only
 *   `<appkit-button />`), so the page shows both forms: element and component;
 * - no Send tx button and no Reown logo or projectId advice (the demo has no ethers and no Reown project).
 * The host part (./bootstrap.tsx) adds the demo's services and local chains with `setPorticoHostOptions`.
 */
import { createAppKit, AppKitNetworkButton } from 'portico_shell/appkit/react' // AppKit: '@reown/appkit/react'
import { networks, projectId, metadata, ethersAdapter } from './config'
import { ActionButtonList } from './components/ActionButtonList'
import { InfoList } from './components/InfoList'
import { useState } from 'react'

// Create a AppKit instance
createAppKit({
  adapters: [ethersAdapter],
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
  const [signedMsg, setSignedMsg] = useState('')
  const [balance, setBalance] = useState('')

  return (
    <main>
      <h1>AppKit ethers React dApp Example</h1>
      <appkit-button />
      <AppKitNetworkButton />
      <ActionButtonList sendSignMsg={setSignedMsg} sendBalance={setBalance} />
      <InfoList signedMsg={signedMsg} balance={balance} />
    </main>
  )
}

export default App
