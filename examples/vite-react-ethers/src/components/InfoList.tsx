// AppKit's React + ethers quick-start: what the hooks report (see ../App.tsx for what differs from an AppKit site).
import { useEffect, useState } from 'react'
import {
  useAppKitState,
  useAppKitTheme,
  useAppKitEvents,
  useAppKitAccount,
  useAppKitNetwork,
  useAppKitProvider,
  useWalletInfo,
  type Provider,
} from '@portico/react' // AppKit: '@reown/appkit/react'
import { BrowserProvider } from 'ethers'

interface InfoListProps {
  hash: string
  signedMsg: string
  balance: string
}

export const InfoList = ({ hash, signedMsg, balance }: InfoListProps) => {
  const [statusTx, setStatusTx] = useState('')

  const kitTheme = useAppKitTheme() // AppKit hook to get the theme information and theme actions
  const state = useAppKitState() // AppKit hook to get the state
  const { address, caipAddress, isConnected, status } = useAppKitAccount() // AppKit hook to get the account information
  const { caipNetwork, caipNetworkId, chainId } = useAppKitNetwork() // AppKit hook to get the active network
  const events = useAppKitEvents() // AppKit hook to get the events
  const { walletInfo } = useWalletInfo() // AppKit hook to get the wallet info
  const { walletProvider } = useAppKitProvider<Provider>('eip155') // AppKit hook for the wallet's EIP-1193 provider

  useEffect(() => {
    console.log('Events: ', events)
  }, [events])

  // The sent transaction's receipt, through the wallet's provider, once it is mined (once per hash)
  useEffect(() => {
    if (!hash || !walletProvider) return
    let current = true
    setStatusTx('Pending')
    const provider = new BrowserProvider(walletProvider, Number(chainId))
    provider
      .waitForTransaction(hash, 1, 300 * 1000)
      .then((receipt) => {
        if (current) setStatusTx(receipt?.status === 1 ? 'Success' : receipt?.status === 0 ? 'Failed' : 'Pending')
      })
      .catch((err) => {
        console.error('Error checking transaction status:', err)
        if (current) setStatusTx('Error')
      })
    return () => {
      current = false
    }
  }, [hash]) // eslint-disable-line react-hooks/exhaustive-deps -- the wallet and network it was sent with

  return (
    <>
      {balance && (
        <section>
          <h2>Balance: {balance}</h2>
        </section>
      )}
      {hash && (
        <section aria-labelledby="sign-tx">
          <h2 id="sign-tx">Sign Tx</h2>
          <pre>
            Hash: {hash}
            <br />
            Status: {statusTx}
            <br />
          </pre>
        </section>
      )}
      {signedMsg && (
        <section aria-labelledby="sign-msg">
          <h2 id="sign-msg">Sign msg</h2>
          <pre>signedMsg: {signedMsg}</pre>
        </section>
      )}
      <section aria-labelledby="use-appkit">
        <h2 id="use-appkit">useAppKit</h2>
        <pre>
          Address: {address}
          <br />
          caip Address: {caipAddress}
          <br />
          Connected: {isConnected.toString()}
          <br />
          Status: {status}
          <br />
        </pre>
      </section>

      <section aria-labelledby="use-appkit-network">
        <h2 id="use-appkit-network">useAppKitNetwork</h2>
        <pre>
          Network: {caipNetwork?.name}
          <br />
          caip Network Id: {caipNetworkId}
          <br />
          Chain Id: {chainId}
          <br />
        </pre>
      </section>

      <section aria-labelledby="theme">
        <h2 id="theme">Theme</h2>
        <pre>
          Theme: {kitTheme.themeMode}
          <br />
        </pre>
      </section>

      <section aria-labelledby="state">
        <h2 id="state">State</h2>
        <pre>
          activeChain: {state.activeChain}
          <br />
          loading: {state.loading.toString()}
          <br />
          open: {state.open.toString()}
          <br />
          selectedNetworkId: {state.selectedNetworkId?.toString()}
          <br />
        </pre>
      </section>

      <section aria-labelledby="wallet-info">
        <h2 id="wallet-info">WalletInfo</h2>
        <pre>
          Name: {walletInfo?.name?.toString()}
          <br />
        </pre>
      </section>
    </>
  )
}
