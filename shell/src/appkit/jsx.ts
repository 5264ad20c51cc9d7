/**
 * AppKit's elements in JSX (`<appkit-button />`), as `@reown/appkit/react` declares them: a declaration only
 * (this module has no code). @portico/react appends it to its published types.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** AppKit's elements in JSX (`<appkit-button />`), as `@reown/appkit/react` declares them. */
type AppKitElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { label?: string };
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': AppKitElementProps;
      'appkit-account-button': AppKitElementProps;
      'appkit-network-button': AppKitElementProps;
      'portico-button': AppKitElementProps;
      'portico-account-button': AppKitElementProps;
      'portico-network-button': AppKitElementProps;
    }
  }
}
