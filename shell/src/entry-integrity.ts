/**
 * The MF runtime plugin that makes the browser check a remote's entry file against the integrity hash the CDN
 * manifest gives for it: the runtime loads `remoteEntry.js` with a `<script>`, and this one carries `integrity`, so
 * changed bytes are refused before they run (the load fails, the view outlet shows its error with Retry). Registered
 * with the runtime, never on the page's critical path: the standalone build's `mf-runtime` chunk (./federation-runtime.ts)
 * and, in the MF build, an `import()` on the first remote load (./federation.ts).
 *
 * Only entries are checked: a remote's chunks are loaded by its entry's own runtime, from its versioned folder.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { entryIntegrity } from './remote-entries';

export const entryIntegrityPlugin: ModuleFederationRuntimePlugin = {
  name: 'portico-entry-integrity',
  createScript({ url, attrs = {} }: { url: string; attrs?: Record<string, string> }) {
    const integrity = entryIntegrity(url);
    // Any other script (a pinned remote, a host's own) loads as the runtime makes it.
    if (!integrity) return undefined;
    const script = document.createElement('script');
    // The runtime's own attributes (fetchpriority) are not added to a script a plugin makes.
    for (const [name, value] of Object.entries(attrs)) script.setAttribute(name, value);
    script.src = url;
    script.integrity = integrity;
    // SRI needs a CORS fetch: the CDN serves `Access-Control-Allow-Origin: *` (docs/operating.md, "CDN layout").
    script.crossOrigin = 'anonymous';
    return script;
  },
};
