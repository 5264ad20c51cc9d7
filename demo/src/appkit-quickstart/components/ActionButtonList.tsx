// AppKit's React quick-start: the action buttons (see ../App.tsx for what differs from an AppKit site).
import { useDisconnect, useAppKit, useAppKitNetwork, useAppKitAccount, useAppKitProvider, useAppKitBalance, type Provider } from 'portico_shell/appkit/react' // AppKit: '@reown/appkit/react'
import { networks } from '../config'

interface ActionButtonListProps {
  sendSignMsg: (signature: string) => void
  sendBalance: (balance: string) => void
}

/** personal_sign wants the message as hex-encoded UTF-8 bytes. */
const toHex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

export const ActionButtonList = ({ sendSignMsg, sendBalance }: ActionButtonListProps) => {
  const { disconnect } = useDisconnect()
  const { open } = useAppKit()
  const { switchNetwork } = useAppKitNetwork()
  const { address, isConnected } = useAppKitAccount()
  const { walletProvider } = useAppKitProvider<Provider>('eip155')
  const { fetchBalance } = useAppKitBalance()

  const handleDisconnect = async () => {
    try {
      await disconnect()
    } catch (error) {
      console.error('Failed to disconnect:', error)
    }
  }

  // function to sign a msg
  const handleSignMsg = async () => {
    if (!walletProvider || !address) throw Error('user is disconnected')
    const signature = await walletProvider.request({ method: 'personal_sign', params: [toHex('Hello Reown AppKit!'), address] })
    sendSignMsg(String(signature))
  }

  // function to get the balance
  const handleGetBalance = async () => {
    const { data, error } = await fetchBalance()
    if (!data) throw Error(error ?? 'no balance')
    sendBalance(`${data.balance} ${data.symbol}`)
  }

  return (
    <div>
      <button onClick={() => open()}>Open</button>
      {isConnected && (
        <>
          <button onClick={handleDisconnect}>Disconnect</button>
          <button onClick={() => switchNetwork(networks[1] ?? networks[0])}>Switch</button>
          <button onClick={handleSignMsg}>Sign msg</button>
          <button onClick={handleGetBalance}>Get Balance</button>
        </>
      )}
    </div>
  )
}
