import { ListItem, NAMESPACE_TITLES, RoundIcon, WalletIcon } from '@portico/ui';
import { Fragment, useId } from 'react';
import type { ConnectEntry } from '../hooks/useConnectEntries';
import { useConnectMessages } from '../messages';
import { WalletName } from './WalletName';

/**
 * One wallet of the Connect list, named by `WalletName`: a button that connects it; a link for a wallet reached
 * through its Solana browse page; a wallet installed in several namespaces (MULTI_CHAIN) is one button with those
 * namespaces' icons (as AppKit's row), described by their names ("EVM, Solana"), which opens the view that asks which
 * to connect. A certified wallet's tag says so ("Rainbow, certified"; "recent, certified" beside another tag).
 * `disabled` (the legal checkbox not ticked) turns the buttons off and the link into text.
 */
export function WalletEntryItem({ entry, disabled = false }: { entry: ConnectEntry; disabled?: boolean }) {
  const t = useConnectMessages();
  const tags = [entry.tag && t(`tag.${entry.tag}`), entry.certified && t('tag.certified')].filter((tag) => typeof tag === 'string');
  const tag = tags.reduce<string | undefined>((shown, next) => (shown ? t('tag.named', { name: shown, tag: next }) : next), undefined);
  // The tag is part of the name ("MetaMask, installed"), not run into it ("MetaMaskinstalled"). The space after the
  // name keeps the visible text "MetaMask installed", which the label contains (axe: label-content-name-mismatch).
  const label = tag ? t('tag.named', { name: entry.name, tag }) : undefined;
  const separator = tag && ' ';
  const namespacesId = useId();
  const icon = <WalletIcon src={entry.image} lazy={entry.lazy} />;

  if (entry.href) {
    return (
      <a
        className="portico-list-item"
        // Without its href an <a> is no link: the role keeps it one, announced as disabled.
        {...(disabled ? { role: 'link', 'aria-disabled': true } : { href: entry.href })}
        rel="noopener noreferrer"
      >
        {icon}
        <span>
          <WalletName name={entry.name} />
        </span>
      </a>
    );
  }
  return (
    <>
      <ListItem
        icon={icon}
        tag={tag}
        aria-label={label}
        aria-describedby={entry.namespaces && namespacesId}
        disabled={disabled}
        onClick={entry.select}
      >
        <WalletName name={entry.name} />
        {entry.namespaces?.map(({ namespace, icon: namespaceIcon }) => (
          <Fragment key={namespace}>
            {' '}
            <RoundIcon src={namespaceIcon} text={NAMESPACE_TITLES[namespace]} size={16} />
          </Fragment>
        ))}
        {separator}
      </ListItem>
      {entry.namespaces && (
        <span id={namespacesId} className="portico-visually-hidden">
          {entry.namespaces.map(({ namespace }) => NAMESPACE_TITLES[namespace]).join(', ')}
        </span>
      )}
    </>
  );
}
