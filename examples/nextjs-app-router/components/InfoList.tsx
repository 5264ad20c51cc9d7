'use client'
// AppKit's Next.js + Wagmi example: what wagmi and AppKit report. wagmi's account comes from the cookie on the
// server, so a returning visitor's first HTML names it.
import { useAppKitAccount } from '@portico/react' // AppKit: '@reown/appkit/react'
import { useAccount } from 'wagmi'

export const InfoList = () => {
  const { address, isConnected } = useAccount()
  const appkit = useAppKitAccount()
  return (
    <>
      <section aria-labelledby="wagmi-account">
        <h2 id="wagmi-account">wagmi useAccount</h2>
        <pre>
          Address: {address}
          <br />
          Connected: {String(isConnected)}
        </pre>
      </section>
      <section aria-labelledby="use-appkit">
        <h2 id="use-appkit">useAppKit</h2>
        <pre>
          Address: {appkit.address}
          <br />
          Connected: {String(appkit.isConnected)}
        </pre>
      </section>
    </>
  )
}
