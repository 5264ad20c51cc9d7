import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ListItemProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Leading image or icon (e.g. a `WalletIcon`). */
  icon?: ReactNode;
  /**
   * A short note at the end ("installed", "recent", "QR code"). Hidden from screen readers unless
   * `tagAnnounced`: the button's name stays the item's name.
   */
  tag?: string;
  /** The tag is part of the button's name (a state the person must hear, "Approve in wallet…"). */
  tagAnnounced?: boolean;
  /** Draws the tag muted instead of in the success colour. */
  tagMuted?: boolean;
  children: ReactNode;
}

/**
 * A full-width row button in a list (wallets, networks, suggestions); put it in an `<li>`. Takes any
 * button attribute (`aria-current`, `aria-describedby`, `disabled`, …). For a row that is not a
 * control, use the classes `portico-list-item portico-list-item-static` on the element itself.
 *
 * @example
 * <li><ListItem icon={<WalletIcon src={wallet.image_url} lazy />} tag="recent" onClick={select}>{wallet.name}</ListItem></li>
 */
export function ListItem({ icon, tag, tagAnnounced = false, tagMuted = false, children, className, ...button }: ListItemProps) {
  return (
    <button type="button" className={className ? `portico-list-item ${className}` : 'portico-list-item'} {...button}>
      {icon}
      <span>{children}</span>
      {tag && (
        <span className={tagMuted ? 'portico-tag portico-tag-muted' : 'portico-tag'} aria-hidden={tagAnnounced ? undefined : true}>
          {tag}
        </span>
      )}
    </button>
  );
}
