'use client'
// AppKit's Next.js + Wagmi example: the action buttons.
import { useDisconnect, useAppKit } from '@portico/react' // AppKit: '@reown/appkit/react'
import { useSignMessage, useAccount } from 'wagmi'
import { useState } from 'react'

export const ActionButtonList = () => {
  const { disconnect } = useDisconnect()
  const { open } = useAppKit()
  const { address } = useAccount()
  const { signMessageAsync } = useSignMessage()
  const [signature, setSignature] = useState('')

  const handleSignMsg = async () => {
    setSignature(await signMessageAsync({ message: 'Hello Reown AppKit!', account: address }))
  }

  return (
    <div>
      <button onClick={() => open()}>Open</button>
      <button onClick={() => disconnect()}>Disconnect</button>
      <button onClick={handleSignMsg}>Sign msg</button>
      {signature && (
        <section aria-labelledby="sign-msg">
          <h2 id="sign-msg">Sign msg</h2>
          <pre>signedMsg: {signature}</pre>
        </section>
      )}
    </div>
  )
}
