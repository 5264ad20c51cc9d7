import { themeAtom, type PorticoCore } from '@portico/shared-state';
import { Provider, useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { LiveRegion } from './LiveRegion';
import { Modal } from './Modal';

/** Root of the shadow tree: one jotai store per instance, shared with every remote view. */
export function App({ core, host }: { core: PorticoCore; host: HTMLElement }) {
  return (
    <Provider store={core.store}>
      <HostTheme host={host} />
      <Modal core={core} />
      <LiveRegion />
    </Provider>
  );
}

/** Mirrors theme mode and variables onto the host element, where the shadow stylesheet reads them. */
function HostTheme({ host }: { host: HTMLElement }) {
  const { themeMode, themeVariables } = useAtomValue(themeAtom);
  useLayoutEffect(() => {
    host.dataset.theme = themeMode;
    for (const [name, value] of Object.entries(themeVariables)) {
      if (value !== undefined) host.style.setProperty(name, String(value));
    }
  }, [host, themeMode, themeVariables]);
  return null;
}
