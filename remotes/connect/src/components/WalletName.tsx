import type { ReactNode } from 'react';

/** Graphemes of a wallet's name Connect shows; a longer name shows this many, then an ellipsis. */
export const MAX_SHOWN_NAME_GRAPHEMES = 24;

const ELLIPSIS = '…';

let segmenter: Intl.Segmenter | undefined;
/** The text's user-perceived characters; code points where the browser has no Intl.Segmenter (Firefox before 125). */
function graphemesOf(text: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return Array.from(text);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), ({ segment }) => segment);
}

/**
 * How Connect draws a wallet's name: whole up to MAX_SHOWN_NAME_GRAPHEMES graphemes, else that many and an ellipsis.
 * (Where the line breaks is the stylesheet's: a name without spaces breaks anywhere rather than widen the dialog.)
 */
export function shownWalletName(name: string): string {
  // No more UTF-16 units than the limit means no more graphemes: most names end here, without the segmenter, whose
  // first use loads the break rules (about 13 ms, 50 on a phone, in the opening of Connect; issue 33).
  if (name.length <= MAX_SHOWN_NAME_GRAPHEMES) return name;
  const graphemes = graphemesOf(name);
  if (graphemes.length <= MAX_SHOWN_NAME_GRAPHEMES) return name;
  return `${graphemes.slice(0, MAX_SHOWN_NAME_GRAPHEMES).join('').trimEnd()}${ELLIPSIS}`;
}

/** Stands for the name while the sentence is translated: a private-use character no translation contains. */
const MARK = '\uE000';

/**
 * The sentence with the name bidi-isolated in it (`<bdi>`): in Arabic, "MetaMask" keeps its start and cannot pull the
 * words around it into its direction. The sentence as text when the translation has no place for the name.
 */
function inSentence(within: (name: string) => string, name: string): ReactNode {
  const parts = within(MARK).split(MARK);
  if (parts.length !== 2) return within(name);
  return (
    <>
      {parts[0]}
      <bdi>{name}</bdi>
      {parts[1]}
    </>
  );
}

/**
 * A wallet's name as Connect draws it, alone or in a sentence (`within`, e.g. "Continue in {name}"), bidi-isolated: a
 * right-to-left name cannot reorder what is around it, a Latin name keeps its start in Arabic. A clamped name
 * (`shownWalletName`) is hidden from screen readers, which read the whole name, or the sentence with it, instead: that
 * stays the accessible name.
 */
export function WalletName({ name, within }: { name: string; within?: (name: string) => string }) {
  const draw = (text: string): ReactNode => (within ? inSentence(within, text) : <bdi>{text}</bdi>);
  const shown = shownWalletName(name);
  if (shown === name) return draw(name);
  return (
    <>
      <span aria-hidden="true">{draw(shown)}</span>
      <span className="portico-visually-hidden">{within ? within(name) : name}</span>
    </>
  );
}
