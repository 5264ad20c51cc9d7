import type { PorticoCore } from '@portico/shared-state';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
// Also sets Testing Library's async timeout to 5 s (QrCode loads uqr with import()).
import '@portico/test-kit/react';

/** Renders a part inside the core's jotai store, as the shell renders the views that compose it. */
export function renderWithCore(ui: ReactNode, core: PorticoCore) {
  return render(<Provider store={core.store}>{ui}</Provider>);
}
