/** A wallet's icon as an <img> (announced icons are data: URIs); never rendered as markup. */
export function WalletIcon({ src, large = false }: { src?: string; large?: boolean }) {
  const className = large ? 'portico-wallet-icon portico-wallet-icon-large' : 'portico-wallet-icon';
  return src ? <img className={className} src={src} alt="" /> : <span className={className} aria-hidden="true" />;
}
