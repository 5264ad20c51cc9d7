import type { Social } from '@portico/shared-state';
import type { ReactElement } from 'react';

/**
 * Each provider's mark, drawn for Portico as a small monochrome outline (24 × 24, `currentColor`), so it
 * follows the theme's text colour. Decorative: the button or heading next to it names the provider.
 */
const MARKS: Record<Social, ReactElement> = {
  google: <path d="M20 12a8 8 0 1 1-2.34-5.66M12.5 12H20" />,
  github: (
    <>
      <path d="M6 9.5V4l3.6 2.8a8 8 0 0 1 4.8 0L18 4v5.5c.7 1 1 2 1 3.2 0 3.4-2.8 5.3-7 5.3s-7-1.9-7-5.3c0-1.2.3-2.2 1-3.2Z" />
      <path d="M10 18v3M14 18v3" />
    </>
  ),
  apple: (
    <>
      <path d="M12 8c-1.6-1.3-4.6-1.4-6 .8-1.6 2.4-.8 6.6 1.3 9.6 1 1.4 2.1 2.2 3.2 1.7a3.6 3.6 0 0 1 3 0c1.1.5 2.2-.3 3.2-1.7.4-.6.8-1.3 1.1-2a3.5 3.5 0 0 1-.3-6.4C16.2 7.1 13.7 6.8 12 8Z" />
      <path d="M12 8c0-2.2 1.2-3.7 3-4" />
    </>
  ),
  facebook: <path d="M15.5 3.5H14a3.5 3.5 0 0 0-3.5 3.5v13.5M7.5 11h7" />,
  x: (
    <>
      <path d="M4.5 4h4l11 16h-4Z" />
      <path d="m19 4-5.8 6.6M10.6 13.6 5 20" />
    </>
  ),
  discord: (
    <>
      <path d="M8 6.5a15 15 0 0 1 8 0c2 2.8 3 6 3 9.5a10 10 0 0 1-4.2 2.3l-1-1.8a11 11 0 0 1-3.6 0l-1 1.8A10 10 0 0 1 5 16c0-3.5 1-6.7 3-9.5Z" />
      <circle cx="9.5" cy="12.5" r="1" />
      <circle cx="14.5" cy="12.5" r="1" />
    </>
  ),
  // An arch on two posts under a lintel, after Farcaster's gateway mark.
  farcaster: <path d="M4 5h16M6 5v15M18 5v15M9 20v-5a3 3 0 0 1 6 0v5" />,
};

/**
 * A social login's mark (Farcaster's too), hidden from assistive technology.
 *
 * @example
 * <SocialIcon provider="github" large />
 */
export function SocialIcon({ provider, large = false }: { provider: Social; large?: boolean }) {
  return (
    <svg
      className={large ? 'portico-social-icon portico-social-icon-large' : 'portico-social-icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {MARKS[provider]}
    </svg>
  );
}
