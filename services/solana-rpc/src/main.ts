/**
 * CLI: `pnpm --filter @portico/solana-rpc start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (8899), PORTICO_SOLANA_RPC_MODE ('development' | 'production', default production:
 * no requestAirdrop, no CORS unless listed), PORTICO_SOLANA_RPC_CORS_ORIGINS (comma-separated origins),
 * PORTICO_SOLANA_RPC_SLOT_MS (400), PORTICO_SOLANA_RPC_MAX_TRANSACTIONS (10000),
 * PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL (100), PORTICO_SOLANA_RPC_ALLOW_REMOTE ('1' to listen on a host that is not loopback).
 */
import { z } from 'zod';
import { PUSD_MINT } from './accounts';
import { SOLANA_RPC_DEFAULT_PORT, SolanaRpcOptionsError, startSolanaRpc } from './server';

const whole = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${name} must be 1–${max}`);

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'PORT must be a port number 0–65535')
    .transform(Number)
    .refine((n) => n <= 65535, 'PORT must be a port number 0–65535')
    .default(SOLANA_RPC_DEFAULT_PORT),
  PORTICO_SOLANA_RPC_MODE: z.enum(['development', 'production'], { error: "PORTICO_SOLANA_RPC_MODE must be 'development' or 'production'" }).default('production'),
  PORTICO_SOLANA_RPC_CORS_ORIGINS: z
    .string()
    .transform((list) => list.split(',').map((origin) => origin.trim()))
    .optional(),
  PORTICO_SOLANA_RPC_SLOT_MS: whole('PORTICO_SOLANA_RPC_SLOT_MS', 60_000).optional(),
  PORTICO_SOLANA_RPC_MAX_TRANSACTIONS: whole('PORTICO_SOLANA_RPC_MAX_TRANSACTIONS', 1_000_000).optional(),
  PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL: whole('PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL', 1_000_000).optional(),
  PORTICO_SOLANA_RPC_ALLOW_REMOTE: z.enum(['0', '1'], { error: "PORTICO_SOLANA_RPC_ALLOW_REMOTE must be '0' or '1'" }).default('0'),
});

const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  console.error(`solana-rpc: bad environment: ${parsed.error.issues[0]!.message}`);
  process.exit(2);
}
const env = parsed.data;
const development = env.PORTICO_SOLANA_RPC_MODE === 'development';

const chain = await startSolanaRpc({
  host: env.HOST,
  port: env.PORT,
  development,
  corsOrigins: env.PORTICO_SOLANA_RPC_CORS_ORIGINS,
  slotMs: env.PORTICO_SOLANA_RPC_SLOT_MS,
  maxTransactions: env.PORTICO_SOLANA_RPC_MAX_TRANSACTIONS,
  airdropMaxLamports: env.PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL === undefined ? undefined : BigInt(env.PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL) * 1_000_000_000n,
  allowRemote: env.PORTICO_SOLANA_RPC_ALLOW_REMOTE === '1',
  log: (line) => console.error(line),
}).catch((err: NodeJS.ErrnoException) => {
  if (err instanceof SolanaRpcOptionsError) {
    console.error(`solana-rpc: bad environment: ${err.message}`);
    process.exit(2);
  }
  console.error(err.code ? `solana-rpc: cannot start on ${env.HOST}: ${err.code} (${err.message})` : err.message);
  process.exit(1);
});
console.log(`SOLANA RPC  ${chain.url}  (local litesvm chain, public dev keys; ${PUSD_MINT.symbol} mint ${PUSD_MINT.address}${development ? '; DEVELOPMENT: requestAirdrop' : ''})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`solana-rpc: ${signal}, stopping`);
  chain.stop().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
