import { activeNamespaceAtom, connectorsAtom, registryAtom, type Connector, type PorticoCore } from '@portico/shared-state';
import { configuredNamespaces, mergeMultiChainConnectors } from '@portico/shared-state/wallet-list';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { connectorsShownBy } from '../wallets';

/**
 * The connectors Connect and All Wallets list (`connectorsShownBy`), with a wallet installed in several of the host's
 * namespaces as one MULTI_CHAIN connector (its namespaces the active one first), and the registry's ids of the
 * wallets the modal holds (`explorerId`, `imageId`).
 */
export function useListedConnectors(portico: PorticoCore): Connector[] {
  const namespace = useAtomValue(portico.modal.namespaceFilter);
  const activeNamespace = useAtomValue(activeNamespaceAtom);
  const connectors = useAtomValue(connectorsAtom);
  const { featured, recommended, wallets, search } = useAtomValue(registryAtom);
  return useMemo(
    () =>
      mergeMultiChainConnectors(connectorsShownBy(portico, connectors, namespace), {
        namespaces: configuredNamespaces(portico.options.networks, activeNamespace),
        registry: [...featured, ...recommended, ...wallets, ...search.results],
      }),
    [portico, connectors, namespace, activeNamespace, featured, recommended, wallets, search.results],
  );
}
