import type { Social } from '@portico/shared-state';
import { SOCIAL_MARKS } from './social-marks';

/**
 * A social login's official mark (Farcaster's too; `social-marks.ts`, generated from simple-icons and Google's
 * four-colour "G"), hidden from assistive technology: the button or heading next to it names the provider.
 *
 * @example
 * <SocialIcon provider="github" large />
 */
export function SocialIcon({ provider, large = false }: { provider: Social; large?: boolean }) {
  return (
    <svg
      className={large ? 'portico-social-icon portico-social-icon-large' : 'portico-social-icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {SOCIAL_MARKS[provider].map(({ d, fill }) => (
        <path key={d} d={d} fill={fill} />
      ))}
    </svg>
  );
}
