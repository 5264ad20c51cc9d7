/**
 * CLI: `pnpm --filter @portico/solana-rpc start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (8899), PORTICO_SOLANA_RPC_PUBSUB_PORT (PORT + 1, where web3.js looks for the
 * PubSub WebSocket), PORTICO_SOLANA_RPC_MODE ('development' | 'production', default production:
 * no requestAirdrop, no CORS unless listed), PORTICO_SOLANA_RPC_CORS_ORIGINS (comma-separated origins),
 * PORTICO_SOLANA_RPC_SLOT_MS (400), PORTICO_SOLANA_RPC_MAX_TRANSACTIONS (10000), PORTICO_SOLANA_RPC_MAX_BLOCKS (50000),
 * PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL (100), PORTICO_SOLANA_RPC_ALLOW_REMOTE ('1' to listen on a host that is not loopback).
 */
import { exitOnStartFailure, flagField, listenFields, parseEnv, portField, stopOnSignals, wholeNumberField } from '@portico/service-kit';
import { z } from 'zod';
import { PUSD_MINT } from './accounts';
import { SOLANA_RPC_DEFAULT_PORT, SolanaRpcOptionsError, startSolanaRpc } from './server';

const envSchema = z.object({
  ...listenFields(SOLANA_RPC_DEFAULT_PORT),
  // Unset: startSolanaRpc's default, PORT + 1 (portField's own default is removed for that).
  PORTICO_SOLANA_RPC_PUBSUB_PORT: portField('PORTICO_SOLANA_RPC_PUBSUB_PORT', SOLANA_RPC_DEFAULT_PORT + 1).removeDefault().optional(),
  PORTICO_SOLANA_RPC_MODE: z.enum(['development', 'production'], { error: "PORTICO_SOLANA_RPC_MODE must be 'development' or 'production'" }).default('production'),
  PORTICO_SOLANA_RPC_CORS_ORIGINS: z
    .string()
    .transform((list) => list.split(',').map((origin) => origin.trim()))
    .optional(),
  PORTICO_SOLANA_RPC_SLOT_MS: wholeNumberField('PORTICO_SOLANA_RPC_SLOT_MS', 60_000),
  PORTICO_SOLANA_RPC_MAX_TRANSACTIONS: wholeNumberField('PORTICO_SOLANA_RPC_MAX_TRANSACTIONS', 1_000_000),
  PORTICO_SOLANA_RPC_MAX_BLOCKS: wholeNumberField('PORTICO_SOLANA_RPC_MAX_BLOCKS', 1_000_000),
  PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL: wholeNumberField('PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL', 1_000_000),
  PORTICO_SOLANA_RPC_ALLOW_REMOTE: flagField('PORTICO_SOLANA_RPC_ALLOW_REMOTE'),
});
const env = parseEnv('solana-rpc', envSchema);
const development = env.PORTICO_SOLANA_RPC_MODE === 'development';

const chain = await startSolanaRpc({
  host: env.HOST,
  port: env.PORT,
  pubsubPort: env.PORTICO_SOLANA_RPC_PUBSUB_PORT,
  development,
  corsOrigins: env.PORTICO_SOLANA_RPC_CORS_ORIGINS,
  slotMs: env.PORTICO_SOLANA_RPC_SLOT_MS,
  maxTransactions: env.PORTICO_SOLANA_RPC_MAX_TRANSACTIONS,
  maxBlocks: env.PORTICO_SOLANA_RPC_MAX_BLOCKS,
  airdropMaxLamports: env.PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL === undefined ? undefined : BigInt(env.PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL) * 1_000_000_000n,
  allowRemote: env.PORTICO_SOLANA_RPC_ALLOW_REMOTE,
  log: (line) => console.error(line),
}).catch(exitOnStartFailure('solana-rpc', env.HOST, SolanaRpcOptionsError));
console.log(`SOLANA RPC  ${chain.url}  ${chain.pubsubUrl}  (local litesvm chain, public dev keys; ${PUSD_MINT.symbol} mint ${PUSD_MINT.address}${development ? '; DEVELOPMENT: requestAirdrop' : ''})`);

stopOnSignals('solana-rpc', () => chain.stop());
