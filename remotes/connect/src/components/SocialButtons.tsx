import type { PorticoCore, Social } from '@portico/shared-state';
import { isTelegramPage, SOCIAL_PROVIDER_NAMES, socialsShown } from '@portico/shared-state/socials';
import { useSocialLogin } from '../hooks/useSocialLogin';
import { SocialIcon } from './SocialIcon';
import { useConnectMessages } from '../messages';

/** The host's social providers this browser may use (spec: some are hidden inside Telegram on iOS, Mac and Android). */
export function shownSocials(portico: PorticoCore): Social[] {
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return socialsShown(portico.options.socials, { userAgent, isTelegram: isTelegramPage() });
}

/**
 * The social logins (spec connect-method order: after email, before wallets): the first provider as a full-width
 * "Continue with Google" button, the others as a row of icon buttons with the same names (and a tooltip). A click
 * starts the embedded wallet's social login (the controller then shows ConnectingSocial), or for Farcaster opens
 * ConnectingFarcaster, which starts the QR sign-in. The wallet loads when the pointer or focus comes to the group.
 * `disabled`: shown, none can be used yet (the legal checkbox is not ticked).
 */
export function SocialButtons({ portico, socials, disabled = false }: { portico: PorticoCore; socials: readonly Social[]; disabled?: boolean }) {
  const t = useConnectMessages();
  const { start, prepare, error } = useSocialLogin(portico);
  const [first, ...others] = socials;
  if (!first) return null;
  const label = (provider: Social) => t('social.continueWith', { provider: SOCIAL_PROVIDER_NAMES[provider] });

  return (
    <div className="portico-stack" role="group" aria-label={t('social.group')} onPointerEnter={prepare} onFocus={prepare}>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" disabled={disabled} onClick={() => start(first)}>
        <SocialIcon provider={first} />
        {label(first)}
      </button>
      {others.length > 0 && (
        <div className="portico-social-row">
          {others.map((provider) => (
            <button
              key={provider}
              type="button"
              className="portico-button portico-button-secondary portico-social-button"
              aria-label={label(provider)}
              title={label(provider)}
              disabled={disabled}
              onClick={() => start(provider)}
            >
              <SocialIcon provider={provider} />
            </button>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="portico-error-text">
          {error}
        </p>
      )}
    </div>
  );
}
