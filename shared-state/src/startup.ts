import type { checkProjectOrigin as CheckProjectOrigin } from './controllers/project';
import type { startAnalytics as StartAnalytics } from './controllers/analytics';

/*
 * Checks the shell starts in the background at creation. Their code (the HTTP client and its
 * schemas) loads with the first call, not with the page, as one chunk (./controllers/background).
 */

const background = () => import('./controllers/background');

export const checkProjectOrigin = async (...args: Parameters<typeof CheckProjectOrigin>) =>
  (await background()).checkProjectOrigin(...args);

export const startAnalytics = async (...args: Parameters<typeof StartAnalytics>) =>
  (await background()).startAnalytics(...args);
