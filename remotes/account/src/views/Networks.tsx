import { activeNetworkAtom, errorText, type PorticoViewProps } from '@portico/shared-state';
import { ListItem } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** The host's configured networks; picking one asks the wallet to switch. */
export default function Networks({ portico }: PorticoViewProps) {
  const active = useAtomValue(activeNetworkAtom);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<string>();

  const choose = async (caipNetworkId: string) => {
    const network = portico.options.networks.find((candidate) => candidate.caipNetworkId === caipNetworkId);
    if (!network) return;
    setError(undefined);
    setPending(caipNetworkId);
    try {
      await portico.connection.switchNetwork(network);
      portico.router.goBack();
    } catch (switchError) {
      setError(errorText(switchError));
    } finally {
      setPending(undefined);
    }
  };

  return (
    <div className="portico-stack">
      <ul className="portico-list" aria-label="Networks">
        {portico.options.networks.map((network) => (
          <li key={network.caipNetworkId}>
            <ListItem
              aria-current={network.caipNetworkId === active?.caipNetworkId}
              disabled={pending !== undefined}
              tag={pending === network.caipNetworkId ? 'Approve in wallet…' : undefined}
              tagAnnounced
              onClick={() => void choose(network.caipNetworkId)}
            >
              {network.name}
            </ListItem>
          </li>
        ))}
      </ul>
      {error && (
        <p className="portico-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
