/**
 * Name rules (spec section 5, plus what ENS and DNS refuse): a label of `<label>.portico.eth` is
 * 4–63 ASCII letters, digits and hyphens, no hyphen at either end, no two hyphens in a row (which
 * also refuses IDNA `xn--` labels). Names are NFC-normalised and must be ASCII as given: a
 * look-alike such as 'K' (U+212A KELVIN SIGN) is refused, never folded into 'k'.
 */
import { HttpError } from '../http/errors';

export const NAME_ZONE = 'portico.eth';
export const LABEL_MIN_LENGTH = 4;
/** A DNS label's limit; the spec sets no maximum. */
export const LABEL_MAX_LENGTH = 63;

export const NAME_CHARACTERS = 'Name can only contain letters, numbers and hyphens';

/** The rule a label breaks, undefined when it is fine. Expects the label as given (no case folding yet). */
export function labelProblem(label: string): string | undefined {
  if (label.length < LABEL_MIN_LENGTH) return `Name must be at least ${LABEL_MIN_LENGTH} characters`;
  // Checked before any case folding: toLowerCase() maps non-ASCII look-alikes onto ASCII letters.
  if (label.normalize('NFC') !== label || !/^[A-Za-z0-9-]+$/.test(label)) return NAME_CHARACTERS;
  if (label.length > LABEL_MAX_LENGTH) return `Name must be at most ${LABEL_MAX_LENGTH} characters`;
  if (label.startsWith('-') || label.endsWith('-')) return 'Name cannot start or end with a hyphen';
  if (label.includes('--')) return 'Name cannot contain two hyphens in a row';
  return undefined;
}

/** Splits off `.portico.eth` (any case); undefined when the name has another zone. */
function splitZone(name: string): string | undefined {
  return ZONE_SUFFIX.test(name) ? name.slice(0, -NAME_ZONE.length - 1) : undefined;
}
const ZONE_SUFFIX = /\.portico\.eth$/i;

/**
 * 'Alice' or 'alice.portico.eth' → 'alice'; 400 `<field>: <rule>` otherwise. `requireZone`: the
 * full name is required (the signed message). Throws nothing but HttpError(400).
 */
export function parseLabel(raw: string, field: string, requireZone = false): string {
  const label = splitZone(raw) ?? (requireZone ? undefined : raw);
  if (label === undefined) throw new HttpError(400, `${field}: must end with .${NAME_ZONE}`);
  const problem = labelProblem(label);
  if (problem) throw new HttpError(400, `${field}: ${problem}`);
  return label.toLowerCase();
}
