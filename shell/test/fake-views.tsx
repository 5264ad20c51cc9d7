import type { PorticoViewProps } from '@portico/shared-state';
import { useEffect, useState } from 'react';
import type { ViewModule } from '../src/remote-loader';

/** How many times the stand-in Connect's effects ran (a view's effects start its work: discovery, fetches). */
export const connectEffects = { runs: 0 };

/** Stand-in for the Connect remote: picking the wallet leaves the view, so the clicked button unmounts. */
function Connect({ portico }: PorticoViewProps) {
  useEffect(() => {
    connectEffects.runs += 1;
  }, []);
  return (
    <button type="button" onClick={() => portico.router.push('ConnectingExternal')}>
      Portico Test Wallet
    </button>
  );
}

/** Stand-in for ConnectingExternal: Try again replaces itself with a status, inside the same view. */
function ConnectingExternal() {
  const [retrying, setRetrying] = useState(false);
  if (retrying) return <p role="status">Continue in Portico Test Wallet</p>;
  return (
    <button type="button" onClick={() => setRetrying(true)}>
      Try again
    </button>
  );
}

const views: Record<string, ViewModule['default']> = { './Connect': Connect, './ConnectingExternal': ConnectingExternal };

/** What the mocked remote loader hands the outlet: the stand-in, already loaded. */
export function fakeViewModule(module: string): ViewModule | undefined {
  const view = views[module];
  return view && { default: view, porticoContract: 0, porticoUiContract: 0 };
}
