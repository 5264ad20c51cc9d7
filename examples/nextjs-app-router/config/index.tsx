// AppKit's Next.js + Wagmi example: config (only the imports differ; the local chain goes first, see app/page.tsx).
import { cookieStorage, createStorage } from '@wagmi/core'
import { WagmiAdapter } from '@portico/wagmi' // AppKit: '@reown/appkit-adapter-wagmi'
import { mainnet, arbitrum, defineChain } from '@portico/js/networks' // AppKit: '@reown/appkit/networks'
import type { AppKitNetwork } from '@portico/js/networks' // AppKit: '@reown/appkit/networks'

// Get projectId from your Portico operator (AppKit: https://dashboard.reown.com)
export const projectId = process.env.NEXT_PUBLIC_PROJECT_ID || 'portico-demo'

if (!projectId) {
  throw new Error('Project ID is not defined')
}

// The local development chain: its RPC is /rpc on the site's own origin (proxy.ts). A server render has no page
// origin; it never reads the chain.
const origin = typeof window === 'undefined' ? 'http://127.0.0.1' : window.location.origin
const localChain = defineChain({
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`${origin}/rpc`] } },
})

export const networks = [localChain, mainnet, arbitrum] as [AppKitNetwork, ...AppKitNetwork[]]

//Set up the Wagmi Adapter (Config)
export const wagmiAdapter = new WagmiAdapter({
  storage: createStorage({
    storage: cookieStorage,
  }),
  ssr: true,
  projectId,
  networks,
})

export const config = wagmiAdapter.wagmiConfig
