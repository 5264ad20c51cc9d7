/**
 * The fields the frame protocol's events carry, with spec section 5's rules: a valid email, a 6-digit
 * one-time code, the six social providers, theme mode light|dark, account type eoa|smartAccount, and the
 * embedded user of section 3. Every string and list has a bound.
 */
import * as z from 'zod/mini';
import { MAX_ACCOUNTS } from './constants';

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const AUTH_PROVIDERS = ['email', ...SOCIAL_PROVIDERS, 'farcaster'] as const;
export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const;
export type EmbeddedAccountType = (typeof ACCOUNT_TYPES)[number];

/** RFC 5321 caps an address at 254 characters. */
export const emailField = z.email('must be a valid email').check(z.maxLength(254, 'must be a valid email'));
export const otpField = z.string().check(z.regex(/^\d{6}$/, 'must be a 6-digit code'));
/** An eip155 id as a number, or a CAIP-2 reference / id as text (Solana's genesis-hash ids). */
export const chainIdField = z.union([
  z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)),
  z.string().check(z.regex(/^[-_:a-zA-Z0-9]{1,64}$/, 'must be a chain id')),
]);
export const accountTypeField = z.enum(ACCOUNT_TYPES);
export const socialProviderField = z.enum(SOCIAL_PROVIDERS);
/** eip155 (0x + 40 hex) or solana (32–44 base58), as spec section 5 reads addresses. */
export const addressField = z.string().check(
  z.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'must be an eip155 or solana address'),
);
/** An http(s) URL up to 2,048 characters (redirect and Farcaster URIs). */
export const urlField = z.string().check(
  z.maxLength(2048, 'must be at most 2048 characters'),
  z.refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL'),
);
/** A short label (names, versions, ids): 1–256 characters. */
export const labelField = z.string().check(z.minLength(1), z.maxLength(256));

/** Spec section 3: the embedded user. `authProvider` defaults to email. */
export const embeddedUserSchema = z.object({
  email: z.optional(emailField),
  address: addressField,
  chainId: chainIdField,
  accounts: z.array(z.object({ address: addressField, type: accountTypeField })).check(z.maxLength(MAX_ACCOUNTS)),
  userName: z.optional(labelField),
  smartAccountDeployed: z.optional(z.boolean()),
  preferredAccountType: z.optional(accountTypeField),
  authProvider: z._default(z.enum(AUTH_PROVIDERS), 'email'),
});
export type EmbeddedUser = z.output<typeof embeddedUserSchema>;

/** Spec section 3: theme sync. Variables are the host's `--portico-*` theme variables (at most 32). */
export const themeSyncSchema = z.object({
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(
    z
      .record(
        z.string().check(z.regex(/^--portico-[a-z0-9-]{1,48}$/, 'must be a --portico-* variable')),
        z.union([z.string().check(z.maxLength(256)), z.number()]),
        'must map --portico-* variables to values',
      )
      .check(z.refine((variables) => Object.keys(variables).length <= 32, 'must have at most 32 variables')),
  ),
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
      icons: z.array(urlField).check(z.maxLength(8)),
    }),
  ),
});
