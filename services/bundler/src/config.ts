import type { Hex } from 'viem';
import { z } from 'zod';
import { DEFAULT_BUNDLER_PORT, type AltoLogLevel } from './bundler';
import { DEV_BUNDLER_KEYS } from './dev-keys';

const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key');
const flag = (name: string) => z.enum(['0', '1'], { error: `${name} must be '0' or '1'` });

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'PORT must be a port number 1–65535')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, 'PORT must be a port number 1–65535')
    .default(DEFAULT_BUNDLER_PORT),
  PORTICO_BUNDLER_MODE: z.enum(['development', 'production'], { error: "PORTICO_BUNDLER_MODE must be 'development' or 'production'" }).default('production'),
  PORTICO_BUNDLER_RPC_URL: z.url({ protocol: /^https?$/, error: 'PORTICO_BUNDLER_RPC_URL must be an http(s) URL of the node' }),
  PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: z
    .string()
    .transform((list) => list.split(',').map((key) => key.trim()))
    .pipe(z.array(privateKey.describe('PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS')).min(1))
    .optional(),
  PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: privateKey.optional(),
  PORTICO_BUNDLER_SAFE_MODE: flag('PORTICO_BUNDLER_SAFE_MODE').optional(),
  PORTICO_BUNDLER_CORS: flag('PORTICO_BUNDLER_CORS').default('0'),
  PORTICO_BUNDLER_LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).default('warn'),
});

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
  cors: boolean;
  blockTimeMs: number;
  logLevel: AltoLogLevel;
}

export class BundlerConfigError extends Error {
  override name = 'BundlerConfigError';
}

const devKeys = new Set<string>([...DEV_BUNDLER_KEYS.executorPrivateKeys, DEV_BUNDLER_KEYS.utilityPrivateKey].map((key) => key.toLowerCase()));

/** Reads the service's environment (empty variables count as unset). Throws BundlerConfigError with the first problem. */
export function parseBundlerEnv(environment: Record<string, string | undefined>): BundlerConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BundlerConfigError(issue.path.length && !issue.message.includes(String(issue.path[0])) ? `${String(issue.path[0])}: ${issue.message}` : issue.message);
  }
  const env = parsed.data;
  const development = env.PORTICO_BUNDLER_MODE === 'development';
  const executorPrivateKeys = (env.PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS ?? (development ? DEV_BUNDLER_KEYS.executorPrivateKeys : undefined)) as Hex[] | undefined;
  const utilityPrivateKey = (env.PORTICO_BUNDLER_UTILITY_PRIVATE_KEY ?? (development ? DEV_BUNDLER_KEYS.utilityPrivateKey : undefined)) as Hex | undefined;
  if (!executorPrivateKeys || !utilityPrivateKey) {
    throw new BundlerConfigError('PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS and PORTICO_BUNDLER_UTILITY_PRIVATE_KEY are required outside development mode');
  }
  const keys = [...executorPrivateKeys, utilityPrivateKey].map((key) => key.toLowerCase());
  const usesDevKeys = keys.some((key) => devKeys.has(key));
  if (usesDevKeys && !development) {
    throw new BundlerConfigError('The development keys (derived from the public anvil mnemonic) are refused outside development mode');
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
    safeMode: (env.PORTICO_BUNDLER_SAFE_MODE ?? (development ? '0' : '1')) === '1',
    cors: env.PORTICO_BUNDLER_CORS === '1',
    // anvil mines on every transaction: poll it often in development.
    blockTimeMs: development ? 250 : 1_000,
    logLevel: env.PORTICO_BUNDLER_LOG_LEVEL,
  };
}
