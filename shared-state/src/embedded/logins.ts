/**
 * The embedded wallet's two login stores as one wallet: the email login and the social login share the frame's
 * session, so one sign-out (SIGN_OUT through the email store, which clears every stored login key) returns both
 * to their start, and the logged-in user is whichever store has one.
 */
import { createEmailLogin, type EmailLogin, type EmailLoginOptions } from './email-login';
import type { EmbeddedUser } from './fields';
import { createSocialLogin, type SocialLogin, type SocialLoginOptions } from './social-login';

export interface EmbeddedLogins {
  /** The email store; its `signOut` also resets `social`. */
  login: EmailLogin;
  social: SocialLogin;
  /** The logged-in user of either store. */
  user(): EmbeddedUser | undefined;
}

/**
 * @example
 * const { login, social, user } = createEmbeddedLogins({ channel, storage, openWindow: () => openSocialWindowInPage() });
 * social.start('github'); // … 'connected': user()?.userName === the GitHub username
 * await login.signOut(); // both stores back at their start, the stored keys cleared
 */
export function createEmbeddedLogins(options: EmailLoginOptions & SocialLoginOptions): EmbeddedLogins {
  const social = createSocialLogin(options);
  const emailLogin = createEmailLogin(options);
  const login: EmailLogin = {
    ...emailLogin,
    async signOut() {
      await emailLogin.signOut();
      social.reset();
    },
  };
  return { login, social, user: () => login.getSnapshot().user ?? social.getSnapshot().user };
}
