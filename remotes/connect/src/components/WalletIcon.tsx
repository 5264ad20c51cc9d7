/**
 * A wallet's icon as an <img> (announced icons are data: URIs, registry icons are URLs served by
 * the API); never rendered as markup. Registry icons load lazily: long lists fetch what is seen.
 */
export function WalletIcon({ src, large = false, lazy = false }: { src?: string | null; large?: boolean; lazy?: boolean }) {
  const className = large ? 'portico-wallet-icon portico-wallet-icon-large' : 'portico-wallet-icon';
  return src ? (
    <img className={className} src={src} alt="" loading={lazy ? 'lazy' : undefined} decoding="async" />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}
