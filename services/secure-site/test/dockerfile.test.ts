// The secure site's image: it runs what `pnpm start` runs, as a user that is not root, in production mode, and its
// HEALTHCHECK passes exactly while the site serves in production mode.
import { randomBytes } from 'node:crypto';
import { describeServiceImage } from '@portico/service-kit/image-suite';

describeServiceImage({
  packageDir: new URL('..', import.meta.url),
  env: { PORTICO_SECURE_SITE_MODE: 'production', PORT: '3010' },
  healthPath: '/healthz',
  // The operator key production requires.
  localEnv: { PORTICO_SECURE_SITE_KEY: randomBytes(32).toString('hex') },
  ready: (site) => site.waitForStdout(/^portico secure site listening on http:\/\/127\.0\.0\.1:\d+ .*, production\)$/m),
});
