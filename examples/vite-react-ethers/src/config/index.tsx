// AppKit's React + ethers quick-start: config. Only the imports differ from an AppKit site (see ../App.tsx),
// and the local development chain this offline machine has goes first: its RPC is `/rpc` on the page's own
// origin (VITE_LOCAL_RPC_URL), which the example's server passes to the local node.
import { mainnet, arbitrum, defineChain } from '@portico/js/networks' // AppKit: '@reown/appkit/networks'
import type { AppKitNetwork } from '@portico/js/networks' // AppKit: '@reown/appkit/networks'

// The project id your Portico operator gave you (AppKit: one from https://dashboard.reown.com)
export const projectId = import.meta.env.VITE_PROJECT_ID || 'portico-demo'

if (!projectId) {
  throw new Error('Project ID is not defined')
}

// What the wallet is told about this dapp
export const metadata = {
  name: 'AppKit',
  description: 'AppKit Example',
  url: window.location.origin, // must be the origin the page is served from
  icons: [],
}

const localRpcUrl = new URL(import.meta.env.VITE_LOCAL_RPC_URL || '/rpc', window.location.href).href
const localChain = defineChain({
  id: Number(import.meta.env.VITE_LOCAL_CHAIN_ID || 31337),
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [localRpcUrl] } },
})

// Custom networks: https://docs.reown.com/appkit/react/core/custom-networks
export const networks = [localChain, mainnet, arbitrum] as [AppKitNetwork, ...AppKitNetwork[]]
