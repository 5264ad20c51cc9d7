// AppKit's React + Wagmi quick-start: what the hooks report (see ../App.tsx for what differs from an AppKit site).
import { useEffect } from 'react'
import { useAppKitState, useAppKitTheme, useAppKitEvents, useAppKitAccount, useWalletInfo } from '@portico/react' // AppKit: '@reown/appkit/react'
import { useAccount, useWaitForTransactionReceipt } from 'wagmi'

interface InfoListProps {
  hash: `0x${string}` | undefined
  signedMsg: string
  balance: string
}

export const InfoList = ({ hash, signedMsg, balance }: InfoListProps) => {
  const kitTheme = useAppKitTheme() // AppKit hook to get the theme information and theme actions
  const state = useAppKitState() // AppKit hook to get the state
  const { address, caipAddress, isConnected, status } = useAppKitAccount() // AppKit hook to get the account information
  const events = useAppKitEvents() // AppKit hook to get the events
  const { walletInfo } = useWalletInfo() // AppKit hook to get the wallet info
  const wagmiAccount = useAccount() // Portico: what wagmi reports beside AppKit's hooks (not in AppKit's example)

  const { data: receipt } = useWaitForTransactionReceipt({ hash, confirmations: 2, timeout: 300 * 1000 })

  useEffect(() => {
    console.log('Events: ', events)
  }, [events])

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
            Status: {receipt?.status.toString()}
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

      <section aria-labelledby="wagmi-account">
        <h2 id="wagmi-account">wagmi useAccount</h2>
        <pre>
          Address: {wagmiAccount.address}
          <br />
          Chain: {wagmiAccount.chainId}
          <br />
          Status: {wagmiAccount.status}
          <br />
          Connector: {wagmiAccount.connector?.name}
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
