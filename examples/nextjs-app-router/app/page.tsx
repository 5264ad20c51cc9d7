// AppKit's Next.js + Wagmi example page: the button and what the hooks report (rendered on the server first).
import { ActionButtonList } from '@/components/ActionButtonList'
import { InfoList } from '@/components/InfoList'

export default function Home() {
  return (
    <div className={'pages'}>
      <h1>AppKit Wagmi Next.js App Router Example</h1>
      <appkit-button />
      <ActionButtonList />
      <InfoList />
    </div>
  )
}
