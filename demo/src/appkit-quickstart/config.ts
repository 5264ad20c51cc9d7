// AppKit's React quick-start (ethers flavour), written to its documented API: config.
// See App.tsx for what this page is and which lines differ from an AppKit site.
import { mainnet, arbitrum } from 'portico_shell/appkit/networks' // AppKit: '@reown/appkit/networks'
import type { AppKitNetwork } from 'portico_shell/appkit/networks' // AppKit: '@reown/appkit/networks'
import { EthersAdapter } from 'portico_shell/appkit/adapters' // AppKit: '@reown/appkit-adapter-ethers'

// The project of the demo's local API (services/api); an AppKit site puts its Reown project id here.
export const projectId = 'portico-demo'

// Create a metadata object - optional
export const metadata = {
  name: 'AppKit',
  description: 'AppKit Example',
  url: window.location.origin, // origin must match your domain & subdomain
  icons: [],
}

export const networks = [mainnet, arbitrum] as [AppKitNetwork, ...AppKitNetwork[]]

export const ethersAdapter = new EthersAdapter()
