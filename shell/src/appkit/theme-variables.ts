/**
 * AppKit's theme variable names and Portico's, both ways. Its own module, free of shared-state, for the hooks
 * (`@portico/react` bundles them) and the options mapping alike.
 */

type Input = Record<string, unknown>;

/** AppKit's theme variables and Portico's names for them (AppKit's whole set); any other `--w3m-*` is dropped. */
export const THEME_VARIABLE_NAMES = {
  '--w3m-accent': '--portico-accent',
  '--w3m-font-family': '--portico-font-family',
  '--w3m-font-size-master': '--portico-font-size-master',
  '--w3m-border-radius-master': '--portico-border-radius-master',
  '--w3m-z-index': '--portico-z-index',
  '--w3m-color-mix': '--portico-color-mix',
  '--w3m-color-mix-strength': '--portico-color-mix-strength',
  '--w3m-qr-color': '--portico-qr-color',
} as const;

/** `--w3m-*` names become `--portico-*`; Portico's own names pass; any other `--w3m-*` is dropped. */
export function toPorticoThemeVariables(variables: Input): Input {
  const mapped: Input = {};
  for (const [name, value] of Object.entries(variables)) {
    const porticoName = THEME_VARIABLE_NAMES[name as keyof typeof THEME_VARIABLE_NAMES];
    if (porticoName) mapped[porticoName] = value;
    else if (!name.startsWith('--w3m-')) mapped[name] = value;
  }
  return mapped;
}

/** Portico's theme variables under AppKit's names (what `useAppKitTheme` reports). */
export function toAppKitThemeVariables(variables: Input): Input {
  const names = Object.entries(THEME_VARIABLE_NAMES);
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [names.find(([, porticoName]) => porticoName === name)?.[0] ?? name, value]),
  );
}
