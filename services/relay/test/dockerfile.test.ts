// The relay's image: it runs what `pnpm start` runs, as a user that is not root, open to remote clients, and its
// HEALTHCHECK passes exactly while the relay serves.
import { describeServiceImage } from '@portico/service-kit/image-suite';

describeServiceImage({
  packageDir: new URL('..', import.meta.url),
  env: { PORT: '8787', RELAY_ALLOW_REMOTE: '1' },
  healthPath: '/health',
  localEnv: { LOG_LEVEL: 'silent' },
  ready: (relay) => relay.waitForStdout(/^ws:\/\/127\.0\.0\.1:\d+$/m),
});
