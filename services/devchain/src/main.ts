// CLI: RPC_URL=http://127.0.0.1:8545 pnpm --filter @portico/devchain deploy
// Deploys (or finds) the devchain contracts and prints the deployment JSON on stdout.
import type { Hex } from 'viem';
import { deployDevchain } from './deploy';

const rpcUrl = process.env.RPC_URL ?? 'http://127.0.0.1:8545';
const started = performance.now();
try {
  const deployment = await deployDevchain({ rpcUrl, deployerKey: process.env.DEPLOYER_KEY as Hex | undefined });
  console.log(JSON.stringify(deployment, null, 2));
  console.error(`[devchain] ready on ${rpcUrl} in ${Math.round(performance.now() - started)} ms`);
} catch (err) {
  console.error(`[devchain] deploy to ${rpcUrl} failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
