import { fullName, namesAtom, type PorticoViewProps } from '@portico/shared-state';
import { ListItem } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useNamesMessages } from '../messages';

/** Free names like the one typed, as buttons that fill it in. */
export function NameSuggestions({ portico, disabled }: PorticoViewProps & { disabled: boolean }) {
  const names = useAtomValue(namesAtom);
  const t = useNamesMessages();
  const labelId = useId();
  const current = names.label.trim() ? fullName(names.label) : undefined;
  const suggestions = names.suggestions.filter((suggestion) => !suggestion.registered && suggestion.name !== current);
  if (suggestions.length === 0) return null;

  return (
    <div className="portico-stack">
      <p id={labelId} className="portico-label">
        {t('suggestions.label')}
      </p>
      <ul className="portico-list" aria-labelledby={labelId}>
        {suggestions.map((suggestion) => (
          <li key={suggestion.name}>
            <ListItem disabled={disabled} onClick={() => portico.names.chooseSuggestion(suggestion.name)}>
              {suggestion.name}
            </ListItem>
          </li>
        ))}
      </ul>
    </div>
  );
}
