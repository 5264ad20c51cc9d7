import { Toggle } from '@portico/ui';
import { Fragment } from 'react';
import { useConnectMessages } from '../messages';

/** Stand for the links while the sentence is translated: private-use characters no translation contains. */
const TERMS = '\uE000';
const PRIVACY = '\uE001';

export interface LegalCheckboxProps {
  /** The site's terms and privacy policy (at least one: `legalConsentLinks`). */
  links: { terms?: string; privacy?: string };
  checked: boolean;
  onChange(checked: boolean): void;
}

/**
 * AppKit's legal checkbox (feature `legalCheckbox`): "I agree to our Terms of Service and Privacy Policy", the two
 * documents links opening a new tab. The whole sentence, links' text included, is the checkbox's accessible name.
 */
export function LegalCheckbox({ links, checked, onChange }: LegalCheckboxProps) {
  const t = useConnectMessages();
  const link: Record<string, { href?: string; text: string } | undefined> = { [TERMS]: { href: links.terms, text: t('legal.terms') }, [PRIVACY]: { href: links.privacy, text: t('legal.privacy') } };
  const sentence =
    links.terms && links.privacy
      ? t('legal.agreeBoth', { terms: TERMS, privacy: PRIVACY })
      : t('legal.agreeTo', { document: links.terms ? TERMS : PRIVACY });
  return (
    <Toggle checked={checked} onChange={onChange}>
      <span className="portico-muted">
        {sentence.split(/([\uE000\uE001])/).map((part, index) => {
          const document = link[part];
          return document ? (
            <a key={index} className="portico-muted" href={document.href} target="_blank" rel="noopener noreferrer">
              {document.text}
            </a>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          );
        })}
      </span>
    </Toggle>
  );
}
