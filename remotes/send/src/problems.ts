import type { SendMessages } from './messages';

/**
 * A problem from shared state's send controller (the spec's English) in the modal's locale, for the field
 * it belongs to; anything else (an RPC's own words) as it is.
 */
export function problemText(problem: string | undefined, t: SendMessages, receiver = ''): string | undefined {
  if (!problem) return undefined;
  const decimals = /^Too many decimals: (?<symbol>.+) has (?<decimals>\d+)$/.exec(problem)?.groups;
  if (decimals) return t('problem.tooManyDecimals', { symbol: decimals.symbol!, decimals: Number(decimals.decimals) });
  switch (problem) {
    case 'Not a number':
      return t('problem.notANumber');
    case 'Invalid amount':
      return t('problem.invalidAmount');
    case 'Insufficient funds':
      return t('problem.insufficient');
    case 'Invalid address':
      return t('problem.invalidAddress');
    case 'Name not found':
      return t('problem.nameNotFound', { name: receiver.trim() });
    case 'Error resolving name':
      return t('problem.nameError');
    default:
      return problem;
  }
}
