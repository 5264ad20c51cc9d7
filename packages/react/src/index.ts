/**
 * `@portico/react` (AppKit's `@reown/appkit/react`): `createAppKit` / `createPortico` from `@portico/js`, AppKit's
 * and Portico's hooks, `<AppKitProvider>` and the buttons as React components, over the instance made last. The
 * page's React is handed to the shell when this module is imported, so the modal renders with it (one React on
 * the page) when it is a React the shell supports; otherwise the shell brings its own.
 */
import { createAppKit, onInstance, shareWithShell } from '@portico/js';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { setCurrentInstance } from '@portico/shell/current-instance';
import { appKitProvider } from '@portico/shell/appkit/hooks';

/** The shell renders with `<Activity>` and React 19.2's hooks: an older page React keeps to itself. */
const SHELL_REACT = /^19\.(?:[2-9]|\d{2,})\./;

if (SHELL_REACT.test(React.version)) {
  shareWithShell({
    react: { version: React.version, lib: () => React },
    'react-dom': { version: React.version, lib: () => ReactDOM },
    'react-dom/client': { version: React.version, lib: () => ReactDOMClient },
  });
}
onInstance(setCurrentInstance);

export * from '@portico/shell/appkit/hooks';
export { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoState, usePorticoProvider, usePorticoSession } from '@portico/shell/react/hooks';
export { createAppKit, createPortico, type CreateAppKitOptions, type PorticoHandle, type PorticoOptions } from '@portico/js';

/** AppKit's `<AppKitProvider>`: calls `createAppKit` with its props once per page, before the page paints. */
export const AppKitProvider = appKitProvider(createAppKit as (options: Record<string, unknown>) => ReturnType<typeof createAppKit>);
