/** The social callback page's entry (built by rsbuild into dist/callback.html): see callback.ts. */
import { PAGE_CONFIG_META } from '../page/config';
import { runSocialCallback } from './callback';

void runSocialCallback({
  search: location.search,
  metaContent: document.querySelector(`meta[name="${PAGE_CONFIG_META}"]`)?.getAttribute('content'),
  fetch: (input, init) => fetch(input, init),
  document,
  close: () => window.close(),
});
