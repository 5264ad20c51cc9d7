/**
 * CLI: `pnpm --filter @portico/bundler start` (scripts/services.mjs runs it with tsx). Env: see
 * README ("Environment"). In development mode it funds its keys and deploys EntryPoint v0.7 and
 * Portico's account factory on the devchain before starting Alto.
 */
import { parseEnv, stopOnSignals } from '@portico/service-kit';
import { privateKeyToAddress } from 'viem/accounts';
import { startBundler } from './bundler';
import { bundlerEnvSchema } from './config';
import { deployAccountAbstraction, fundDevAccounts } from './deploy';

const config = parseEnv('bundler', bundlerEnvSchema);

try {
  if (config.mode === 'development') {
    if (config.usesDevKeys) {
      await fundDevAccounts(config.rpcUrl, [...config.executorPrivateKeys, config.utilityPrivateKey].map((key) => privateKeyToAddress(key)));
    }
    const deployment = await deployAccountAbstraction({ rpcUrl: config.rpcUrl, deployerPrivateKey: config.utilityPrivateKey });
    console.log(`EntryPoint v0.7 ${deployment.entryPoint}, PorticoAccountFactory ${deployment.accountFactory} on chain ${deployment.chainId}`);
  }
  const bundler = await startBundler({
    rpcUrl: config.rpcUrl,
    host: config.host,
    port: config.port,
    executorPrivateKeys: config.executorPrivateKeys,
    utilityPrivateKey: config.utilityPrivateKey,
    safeMode: config.safeMode,
    allowedOrigins: config.allowedOrigins,
    blockTimeMs: config.blockTimeMs,
    logLevel: config.logLevel,
    log: (line) => console.error(line),
  });
  console.log(`Bundler (Alto) ${bundler.url}${config.mode === 'development' ? '  (DEVELOPMENT: public dev keys)' : ''}, safe mode ${config.safeMode ? 'on' : 'off'}`);
  const signals = stopOnSignals('bundler', () => bundler.stop());
  void bundler.exited.then(({ code, signal }) => {
    if (signals.stopping) return;
    console.error(`bundler: Alto exited (code ${code}, signal ${signal})`);
    process.exit(1);
  });
} catch (error) {
  console.error(`bundler: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
