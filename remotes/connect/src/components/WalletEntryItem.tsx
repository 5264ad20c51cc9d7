import { ListItem, NAMESPACE_TITLES, WalletIcon } from '@portico/ui';
import { useId, useState } from 'react';
import type { ConnectEntry } from '../hooks/useConnectEntries';
import { useConnectMessages } from '../messages';
import { WalletName } from './WalletName';

/**
 * One wallet of the Connect list, named by `WalletName`: a button that connects it; a link for a wallet reached
 * through its Solana browse page; for a wallet installed in several namespaces, a button described by those
 * namespaces that shows one button per namespace ("Connect Phantom on": EVM, Solana). A certified wallet's tag says
 * so ("Rainbow, certified"; "recent, certified" beside another tag). `disabled` (the legal checkbox not ticked) turns
 * the buttons off and the link into text.
 */
export function WalletEntryItem({ entry, disabled = false }: { entry: ConnectEntry; disabled?: boolean }) {
  const t = useConnectMessages();
  const [choosing, setChoosing] = useState(false);
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
  if (!entry.choices) {
    return (
      <ListItem icon={icon} tag={tag} aria-label={label} disabled={disabled} onClick={entry.select}>
        <WalletName name={entry.name} />
        {separator}
      </ListItem>
    );
  }
  return (
    <>
      <ListItem
        icon={icon}
        tag={tag}
        aria-label={label}
        aria-describedby={namespacesId}
        aria-expanded={choosing}
        disabled={disabled}
        onClick={() => setChoosing(!choosing)}
      >
        <WalletName name={entry.name} />
        {separator}
      </ListItem>
      <p id={namespacesId} className="portico-muted">
        {entry.choices.map((choice) => NAMESPACE_TITLES[choice.namespace]).join(', ')}
      </p>
      {choosing && !disabled && (
        <div role="group" aria-label={t('wallets.connectOn', { name: entry.name })} className="portico-stack">
          {entry.choices.map((choice) => (
            <ListItem key={choice.namespace} onClick={choice.select}>
              {NAMESPACE_TITLES[choice.namespace]}
            </ListItem>
          ))}
        </div>
      )}
    </>
  );
}
