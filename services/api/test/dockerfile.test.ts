// The API's image: it runs what `pnpm start` runs, as a user that is not root, in production mode, and its HEALTHCHECK
// passes exactly while the API serves.
import { describeServiceImage } from '@portico/service-kit/image-suite';

describeServiceImage({
  packageDir: new URL('..', import.meta.url),
  env: { PORTICO_API_MODE: 'production', PORT: '8788' },
  healthPath: '/healthz',
  // Production needs PostgreSQL (main.test.ts runs it when the suite has one); the route is the same on the embedded
  // PGlite of development mode.
  localEnv: { PORTICO_API_MODE: 'development' },
  ready: (api) => api.waitForStderr(/"msg":"api listening"/, 100_000),
  timeoutMs: 120_000,
});
