// AppKit's React quick-start: what the hooks report (see ../App.tsx for what differs from an AppKit site).
import { useEffect } from 'react'
import { useAppKitState, useAppKitTheme, useAppKitEvents, useAppKitAccount, useWalletInfo, useAppKitNetwork } from 'portico_shell/appkit/react' // AppKit: '@reown/appkit/react'

interface InfoListProps {
  signedMsg: string
  balance: string
}

export const InfoList = ({ signedMsg, balance }: InfoListProps) => {
  const { themeMode, themeVariables } = useAppKitTheme()
  const state = useAppKitState()
  const { caipNetwork, chainId } = useAppKitNetwork()
  const { address, caipAddress, isConnected, status } = useAppKitAccount()
  const events = useAppKitEvents()
  const { walletInfo } = useWalletInfo()

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
      <section aria-labelledby="network">
        <h2 id="network">Network</h2>
        <pre>
          Network: {caipNetwork?.name}
          <br />
          chainId: {chainId}
          <br />
        </pre>
      </section>
      <section aria-labelledby="theme">
        <h2 id="theme">Theme</h2>
        <pre>
          Theme: {themeMode}
          <br />
          ThemeVariables: {JSON.stringify(themeVariables, null, 2)}
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
      <section aria-labelledby="events">
        <h2 id="events">Events</h2>
        <pre>Last event: {events.data.event}</pre>
      </section>
    </>
  )
}
