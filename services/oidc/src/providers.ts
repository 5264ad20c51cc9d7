/**
 * The six social providers this service plays, and the test accounts it signs in.
 *
 * An account is a username only (no password: development provider). Its `sub` is
 * base64url("<provider>:<username>"): stable per provider and username across restarts, different
 * for the same username at two providers, and decodable, so the provider keeps no account table.
 */
import { z } from 'zod';

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** How the pages name each provider ("Sign in to Google (local test provider)"). */
export const PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
};

export const isSocialProvider = (name: string): name is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(name);

/** The one client each provider knows: `portico-<provider>`. */
export const clientIdFor = (provider: SocialProvider) => `portico-${provider}`;

export const USERNAME_MAX_LENGTH = 39;

/** GitHub's rule for logins (1–39 characters), kept to ASCII letters, digits, '-' and '_'. */
export const usernameSchema = z
  .string()
  .min(1, 'Enter a username')
  .max(USERNAME_MAX_LENGTH, `A username has at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'A username may only contain the letters A–Z and a–z, digits, "-" and "_"');

export const subjectFor = (provider: SocialProvider, username: string) => Buffer.from(`${provider}:${username}`).toString('base64url');

/** The username behind a `sub` this provider issued, or undefined for anything else. */
export function usernameFromSubject(provider: SocialProvider, sub: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(sub)) return undefined;
  const decoded = Buffer.from(sub, 'base64url').toString('utf8');
  const prefix = `${provider}:`;
  if (!decoded.startsWith(prefix)) return undefined;
  const username = decoded.slice(prefix.length);
  // Round trip: one canonical encoding per account, so two strings never name the same account.
  return usernameSchema.safeParse(username).success && subjectFor(provider, username) === sub ? username : undefined;
}

/** The claims of a test account: the ID token (scopes openid, profile, email) and the user-info endpoint. */
export const accountClaims = (provider: SocialProvider, username: string) => ({
  sub: subjectFor(provider, username),
  preferred_username: username,
  name: `Test User ${username}`,
  email: `${username}@${provider}.test`,
  email_verified: true,
});
