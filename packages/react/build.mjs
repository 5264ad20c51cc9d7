import { appendFileSync, readFileSync } from 'node:fs';
import { buildPackage } from '../build-package.mjs';

await buildPackage({
  entries: ['index'],
  // The page's React and @portico/js (one instance registry, one shell load per page) stay imports.
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', '@portico/js'],
});
// The bundled declaration drops module augmentations: AppKit's elements in JSX are added as the shell writes them.
appendFileSync('dist/index.d.ts', `\n${readFileSync('../../shell/src/appkit/jsx.ts', 'utf8')}`);
