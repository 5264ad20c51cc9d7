// AppKit's React + ethers quick-start: the action buttons (see ../App.tsx for what differs from an AppKit site).
import {
  useDisconnect,
  useAppKit,
  useAppKitNetwork,
  useAppKitAccount,
  useAppKitProvider,
  type Provider,
} from '@portico/react' // AppKit: '@reown/appkit/react'
import { BrowserProvider, formatEther, parseUnits } from 'ethers'
import { networks } from '../config'

// The test transaction: 0.0001 gwei to vitalik.eth
const TEST_TX = {
  to: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
  value: parseUnits('0.0001', 'gwei'),
}

interface ActionButtonListProps {
  sendHash: (hash: string) => void
  sendSignMsg: (signature: string) => void
  sendBalance: (balance: string) => void
}

export const ActionButtonList = ({ sendHash, sendSignMsg, sendBalance }: ActionButtonListProps) => {
  const { disconnect } = useDisconnect() // AppKit hook to disconnect
  const { open } = useAppKit() // AppKit hook to open the modal
  const { chainId, switchNetwork } = useAppKitNetwork() // AppKit hook for the active network and to switch it
  const { address, isConnected } = useAppKitAccount() // AppKit hook for the connected account
  const { walletProvider } = useAppKitProvider<Provider>('eip155') // AppKit hook for the wallet's EIP-1193 provider

  // An ethers provider over the connected wallet, on the active network
  const browserProvider = () => {
    if (!walletProvider || !address || !isConnected) throw new Error('The user is disconnected')
    return new BrowserProvider(walletProvider, Number(chainId))
  }

  // Sign a message with the wallet
  const handleSignMsg = async () => {
    const signer = await browserProvider().getSigner(address)
    const signature = await signer.signMessage('Hello Reown AppKit!')
    sendSignMsg(signature)
  }

  // Send the test transaction; InfoList waits for its receipt
  const handleSendTx = async () => {
    try {
      const signer = await browserProvider().getSigner(address)
      const tx = await signer.sendTransaction(TEST_TX)
      sendHash(tx.hash)
    } catch (err) {
      console.log('Error sending transaction:', err)
    }
  }

  // Read the account's balance on the active network
  const handleGetBalance = async () => {
    const balance = await browserProvider().getBalance(address!)
    sendBalance(formatEther(balance) + ' ETH')
  }

  const handleDisconnect = async () => {
    try {
      await disconnect()
    } catch (error) {
      console.error('Failed to disconnect:', error)
    }
  }

  return (
    <div>
      <button onClick={() => open()}>Open</button>
      <button onClick={handleDisconnect}>Disconnect</button>
      <button onClick={() => switchNetwork(networks[1])}>Switch</button>
      <button onClick={handleSignMsg}>Sign msg</button>
      <button onClick={handleSendTx}>Send tx</button>
      <button onClick={handleGetBalance}>Get Balance</button>
    </div>
  )
}
