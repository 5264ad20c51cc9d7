/** The name rules (spec section 5); loaded with the names flow, not with the page. */

export const NAME_MIN_LENGTH = 4;
/** A DNS label's limit (the spec sets no maximum); the API refuses longer labels too. */
export const NAME_MAX_LENGTH = 63;

/**
 * Spec section 5: at least 4 characters; only letters, digits and hyphens. Like the API
 * (services/api/src/profile/name-rules.ts) and DNS: at most 63, no hyphen at either end, no two in
 * a row (which refuses IDNA `xn--` labels too). Non-ASCII is refused as typed, before any case
 * folding: 'K' (U+212A KELVIN SIGN) would otherwise fold into 'k', and NFC alone maps it to 'K'.
 * Undefined when fine.
 */
export function nameRuleProblem(label: string): string | undefined {
  if (label.length < NAME_MIN_LENGTH) return `Name must be at least ${NAME_MIN_LENGTH} characters`;
  if (label.normalize('NFC') !== label || !/^[A-Za-z0-9-]+$/.test(label)) return 'Name can only contain letters, numbers and hyphens';
  if (label.length > NAME_MAX_LENGTH) return `Name must be at most ${NAME_MAX_LENGTH} characters`;
  if (label.startsWith('-') || label.endsWith('-')) return 'Name cannot start or end with a hyphen';
  if (label.includes('--')) return 'Name cannot contain two hyphens in a row';
  return undefined;
}
