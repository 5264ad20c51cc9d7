/**
 * The fields the frame protocol's events carry, with spec section 5's rules: a valid email, a 6-digit
 * one-time code, the six social providers, theme mode light|dark, account type eoa|smartAccount, and the
 * embedded user of section 3. Every string and list has a bound.
 */
import * as z from 'zod/mini';
import { ACCOUNT_TYPES, SOCIAL_PROVIDERS } from '../constants';
import { safeInteger, urlWith } from '../zod-parts';
import { MAX_ACCOUNTS } from './constants';
import { MAX_DAPP_ICON_CHARS, themeVariablesField } from './host-look';

export { ACCOUNT_TYPES, SOCIAL_PROVIDERS, type EmbeddedAccountType, type SocialProvider } from '../constants';
export const AUTH_PROVIDERS = ['email', ...SOCIAL_PROVIDERS, 'farcaster'] as const;

/**
 * zod's own email pattern, as a regex check: `z.email()` would add zod's string-format code to every page's
 * bundle (zod's schema module is shared with the eager code). RFC 5321 caps an address at 254 characters.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const emailField = z.string().check(z.regex(EMAIL_PATTERN, 'must be a valid email'), z.maxLength(254, 'must be a valid email'));
export const otpField = z.string().check(z.regex(/^\d{6}$/, 'must be a 6-digit code'));
/** An eip155 id as a number, or a CAIP-2 reference / id as text (Solana's genesis-hash ids). */
export const chainIdField = z.union([
  z.number().check(safeInteger, z.gte(1)), // see zod-parts.ts (neither z.int nor z.positive)
  z.string().check(z.regex(/^[-_:a-zA-Z0-9]{1,64}$/, 'must be a chain id')),
]);
export const accountTypeField = z.enum(ACCOUNT_TYPES);
export const socialProviderField = z.enum(SOCIAL_PROVIDERS);
/** eip155 (0x + 40 hex) or solana (32–44 base58), as spec section 5 reads addresses. */
export const addressField = z.string().check(
  z.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'must be an eip155 or solana address'),
);
/** A URL up to 2,048 characters whose scheme is one of `protocols`. */
const boundedUrlWith = (protocols: readonly string[], message: string) =>
  urlWith(protocols, message).check(z.maxLength(2048, 'must be at most 2048 characters'));
/** An http(s) URL up to 2,048 characters (redirect URIs, the dapp's metadata). */
export const urlField = boundedUrlWith(['http:', 'https:'], 'must be an http(s) URL');
/**
 * The Sign In With Farcaster URI the view shows as a QR code and a deep link: the auth relay's
 * `farcaster://connect?channelToken=…` or an https link (Farcaster's hosted relay hands out
 * `https://farcaster.xyz/~/siwf?channelToken=…`). Up to 2,048 characters.
 */
export const farcasterUrlField = boundedUrlWith(['farcaster:', 'https:'], 'must be a farcaster:// or https URL');
/** A short label (names, versions, ids): 1–256 characters. */
export const labelField = z.string().check(z.minLength(1), z.maxLength(256));

/** Spec section 3: the embedded user. No `authProvider` means email. */
export const embeddedUserSchema = z.object({
  email: z.optional(emailField),
  address: addressField,
  chainId: chainIdField,
  accounts: z.array(z.object({ address: addressField, type: accountTypeField })).check(z.maxLength(MAX_ACCOUNTS)),
  userName: z.optional(labelField),
  smartAccountDeployed: z.optional(z.boolean()),
  preferredAccountType: z.optional(accountTypeField),
  authProvider: z.optional(z.enum(AUTH_PROVIDERS)),
});
export type EmbeddedUser = z.output<typeof embeddedUserSchema>;

/**
 * Spec section 3: theme sync. Variables are the modal's own `--portico-*` theme variables with safe values of their
 * kind (./host-look.ts): the frame styles its screens with them, so nothing else may pass.
 */
export const themeSyncSchema = z.object({
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(themeVariablesField),
});

/** Spec section 3: dapp data (the host's metadata, SDK version and type, project id). */
export const dappDataSchema = z.object({
  projectId: labelField,
  sdkVersion: labelField,
  sdkType: z.optional(labelField),
  metadata: z.optional(
    z.object({
      name: labelField,
      description: z.string().check(z.maxLength(1024)),
      url: urlField,
      /** Any strings: the frame shows one only by `dappIcon`'s rule (https, the page's own origin, a base64 image). */
      icons: z.array(z.string().check(z.maxLength(MAX_DAPP_ICON_CHARS))).check(z.maxLength(8)),
    }),
  ),
});
