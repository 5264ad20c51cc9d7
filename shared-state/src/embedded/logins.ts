/**
 * The embedded wallet's login stores as one wallet: the email, social and Farcaster logins share the frame's
 * session, so one sign-out (SIGN_OUT through the email store, which clears every stored login key) returns all
 * of them to their start, and the logged-in user is whichever store has one.
 */
import { createEmailLogin, type EmailLogin, type EmailLoginOptions } from './email-login';
import { createFarcasterLogin, type FarcasterLogin, type FarcasterLoginOptions } from './farcaster-login';
import type { EmbeddedUser } from './fields';
import { createSocialLogin, type SocialLogin, type SocialLoginOptions } from './social-login';

export interface EmbeddedLogins {
  /** The email store; its `signOut` also resets `social` and `farcaster`. */
  login: EmailLogin;
  social: SocialLogin;
  farcaster: FarcasterLogin;
  /** The logged-in user of whichever store has one. */
  user(): EmbeddedUser | undefined;
}

/**
 * @example
 * const { login, social, farcaster, user } = createEmbeddedLogins({ channel, storage, openWindow: () => openSocialWindowInPage() });
 * social.start('github'); // … 'connected': user()?.userName === the GitHub username
 * await login.signOut(); // every store back at its start, the stored keys cleared
 */
export function createEmbeddedLogins(options: EmailLoginOptions & SocialLoginOptions & FarcasterLoginOptions): EmbeddedLogins {
  const social = createSocialLogin(options);
  const farcaster = createFarcasterLogin(options);
  const emailLogin = createEmailLogin(options);
  const login: EmailLogin = {
    ...emailLogin,
    async signOut() {
      await emailLogin.signOut();
      social.reset();
      farcaster.reset();
    },
  };
  return {
    login,
    social,
    farcaster,
    user: () => login.getSnapshot().user ?? social.getSnapshot().user ?? farcaster.getSnapshot().user,
  };
}
