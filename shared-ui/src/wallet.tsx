import type { ButtonHTMLAttributes } from 'react';

export interface WalletIconProps {
  /** The icon's URL or data: URI; without one, an empty square of the same size. */
  src?: string | null;
  /** 80 px instead of 40 px (a Connecting view's header). */
  large?: boolean;
  /** Loads when scrolled near (registry icons in long lists); announced data: URIs need not. */
  lazy?: boolean;
}

/**
 * A wallet's icon as an <img> (announced icons are data: URIs, registry icons are URLs served by
 * the API); never rendered as markup. Decorative: the wallet's name is next to it.
 *
 * @example
 * <WalletIcon src={connector.imageUrl} large />
 */
export function WalletIcon({ src, large = false, lazy = false }: WalletIconProps) {
  const className = large ? 'portico-wallet-icon portico-wallet-icon-large' : 'portico-wallet-icon';
  return src ? (
    <img className={className} src={src} alt="" loading={lazy ? 'lazy' : undefined} decoding="async" />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}

export interface WalletIconGridProps {
  /** Icon URLs of up to four wallets (registry artwork, served by the API); without any, a grid icon instead. */
  images: readonly string[];
}

/**
 * A wallet icon's size holding a 2 × 2 grid of the first four `images` (AppKit's All Wallets picture), or a grid
 * icon while none is known. Decorative, like `WalletIcon`: the row next to it says "All Wallets".
 *
 * @example
 * <ListItem icon={<WalletIconGrid images={registry.recommended.flatMap((w) => w.image_url ?? [])} />}>All Wallets</ListItem>
 */
export function WalletIconGrid({ images }: WalletIconGridProps) {
  const shown = images.slice(0, 4);
  if (shown.length === 0) {
    return (
      <span className="portico-wallet-icon portico-wallet-grid-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
          {[3, 13].flatMap((y) => [3, 13].map((x) => <rect key={`${x}-${y}`} x={x} y={y} width="8" height="8" rx="2.5" fill="currentColor" />))}
        </svg>
      </span>
    );
  }
  return (
    <span className="portico-wallet-icon portico-wallet-grid" aria-hidden="true">
      {[0, 1, 2, 3].map((cell) =>
        shown[cell] ? <img key={cell} src={shown[cell]} alt="" decoding="async" /> : <span key={cell} className="portico-wallet-grid-cell" />,
      )}
    </span>
  );
}

export interface WalletTileProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  name: string;
  image?: string | null;
  /** Lazy-load the icon (registry wallets). */
  lazyImage?: boolean;
  /** A short note under the name ("installed"), hidden from screen readers. */
  tag?: string;
}

/**
 * A wallet as a square tile in a grid: icon, name (ellipsised), optional tag. Takes any button
 * attribute, so a roving-focus grid can set `tabIndex`, `data-index` and `onFocus`. It fills its
 * grid cell; the grid sets the row height.
 *
 * @example
 * <WalletTile name={tile.name} image={tile.image} lazyImage tag={tile.installed ? 'installed' : undefined}
 *   data-index={index} tabIndex={index === tabStop ? 0 : -1} onClick={tile.select} />
 */
export function WalletTile({ name, image, lazyImage = false, tag, className, ...button }: WalletTileProps) {
  return (
    <button type="button" className={className ? `portico-wallet-tile ${className}` : 'portico-wallet-tile'} {...button}>
      <WalletIcon src={image} lazy={lazyImage} />
      <span>{name}</span>
      {tag && (
        <span className="portico-tag" aria-hidden="true">
          {tag}
        </span>
      )}
    </button>
  );
}
