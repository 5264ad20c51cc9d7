/**
 * The modal's React tree, rendered into `<portico-modal>`'s shadow root. Its own chunk (react-dom, the dialog),
 * imported by `createPortico` at the first open or once the page is idle: evaluating react-dom is the largest
 * single piece of start-up work, and a closed modal draws nothing, so the page's load does not wait on it.
 */
import type { PorticoCore } from '@portico/shared-state';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { adoptStylesheet, type PorticoModalElement } from '../element';
import { stylesheetText } from './styles';
import { App } from './App';

export { loadShellChrome } from './chrome';
// The idle prefetch of the Connect view (createPortico) reaches the remote loader through this chunk.
export { remoteEntry } from '../remote-entries';
export { loadViewModule } from '../remote-loader';
export { loadKit } from './kit';

export function mountModal(core: PorticoCore, element: PorticoModalElement): Root {
  adoptStylesheet('shell', stylesheetText);
  const root = createRoot(element.mountPoint);
  root.render(createElement(App, { core, host: element }));
  return root;
}
