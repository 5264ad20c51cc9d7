/**
 * The CLI's environment (README "Environment") as one zod schema that main.ts reads with the service kit's
 * `parseEnv`: the variables, then the rules across them (operator keys outside development, never the public
 * development keys there), giving the bundler's settings.
 */
import { listenFields, optionalFlagField } from '@portico/service-kit';
import type { Hex } from 'viem';
import { z } from 'zod';
import { DEFAULT_BUNDLER_PORT, type AltoLogLevel } from './bundler';
import { DEV_BUNDLER_KEYS } from './dev-keys';
import type { AllowedOrigins } from './gateway';

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;
const PRIVATE_KEY_MESSAGE = 'must be a 0x-prefixed 32-byte hex private key';
const splitKeys = (list: string) => list.split(',').map((key) => key.trim() as Hex);
const splitList = (list: string) => (list.trim() === '' ? [] : list.split(',').map((item) => item.trim()));
/** scheme://host[:port], exactly as a browser sends it in Origin (no path, no trailing slash). */
const isOrigin = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

export interface BundlerConfig {
  mode: 'development' | 'production';
  host: string;
  port: number;
  rpcUrl: string;
  executorPrivateKeys: readonly Hex[];
  utilityPrivateKey: Hex;
  /** True when the keys are the public development keys (then they are funded on the devchain). */
  usesDevKeys: boolean;
  safeMode: boolean;
  allowedOrigins: AllowedOrigins;
  blockTimeMs: number;
  logLevel: AltoLogLevel;
}

const devKeys = new Set<string>([...DEV_BUNDLER_KEYS.executorPrivateKeys, DEV_BUNDLER_KEYS.utilityPrivateKey].map((key) => key.toLowerCase()));

export const bundlerEnvSchema = z
  .object({
    // Alto is handed its port: 0 (any free port) would leave the bundler's URL unknown.
    ...listenFields(DEFAULT_BUNDLER_PORT, { anyFreePort: false }),
    PORTICO_BUNDLER_MODE: z.enum(['development', 'production'], { error: "PORTICO_BUNDLER_MODE must be 'development' or 'production'" }).default('production'),
    PORTICO_BUNDLER_RPC_URL: z.url({ protocol: /^https?$/, error: 'PORTICO_BUNDLER_RPC_URL must be an http(s) URL of the node' }),
    PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: z
      .string()
      .refine((list) => splitKeys(list).every((key) => PRIVATE_KEY.test(key)), PRIVATE_KEY_MESSAGE)
      .transform(splitKeys)
      .optional(),
    PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: z
      .string()
      .regex(PRIVATE_KEY, PRIVATE_KEY_MESSAGE)
      .transform((key) => key as Hex)
      .optional(),
    PORTICO_BUNDLER_SAFE_MODE: optionalFlagField('PORTICO_BUNDLER_SAFE_MODE'),
    PORTICO_BUNDLER_ALLOWED_ORIGINS: z
      .string()
      .transform(splitList)
      .refine(
        (origins) => origins.every(isOrigin),
        'PORTICO_BUNDLER_ALLOWED_ORIGINS must be a comma-separated list of origins such as https://wallet.example.com (scheme://host[:port], no path)',
      )
      .optional(),
    PORTICO_BUNDLER_LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).default('warn'),
  })
  .transform((env, ctx): BundlerConfig => {
    const development = env.PORTICO_BUNDLER_MODE === 'development';
    const executorPrivateKeys = env.PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS ?? (development ? DEV_BUNDLER_KEYS.executorPrivateKeys : undefined);
    const utilityPrivateKey = env.PORTICO_BUNDLER_UTILITY_PRIVATE_KEY ?? (development ? DEV_BUNDLER_KEYS.utilityPrivateKey : undefined);
    const refuse = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: env });
      return z.NEVER;
    };
    if (!executorPrivateKeys || !utilityPrivateKey) {
      return refuse('PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS and PORTICO_BUNDLER_UTILITY_PRIVATE_KEY are required outside development mode');
    }
    const usesDevKeys = [...executorPrivateKeys, utilityPrivateKey].some((key) => devKeys.has(key.toLowerCase()));
    if (usesDevKeys && !development) {
      return refuse('The development keys (derived from the public anvil mnemonic) are refused outside development mode');
    }
    return {
      mode: env.PORTICO_BUNDLER_MODE,
      host: env.HOST,
      port: env.PORT,
      rpcUrl: env.PORTICO_BUNDLER_RPC_URL,
      executorPrivateKeys,
      utilityPrivateKey,
      usesDevKeys,
      // anvil cannot run Alto's safe mode (README): off by default in development only.
      safeMode: env.PORTICO_BUNDLER_SAFE_MODE ?? !development,
      // Browser origins: the ones listed; without a list, development answers loopback pages (the demo's secure site).
      allowedOrigins:
        env.PORTICO_BUNDLER_ALLOWED_ORIGINS !== undefined
          ? { origins: env.PORTICO_BUNDLER_ALLOWED_ORIGINS, loopback: false }
          : { origins: [], loopback: development },
      // anvil mines on every transaction: poll it often in development.
      blockTimeMs: development ? 250 : 1_000,
      logLevel: env.PORTICO_BUNDLER_LOG_LEVEL,
    };
  });
