import { UserRejectedRequestError, isUserRejection } from '../errors';

/**
 * The one place where a wallet's "no" becomes Portico's: every prompt an adapter shows a
 * person (connect, send, sign) runs through here. A decline anywhere on the error's cause chain
 * (EIP-1193 4001, WalletConnect's 5000: `isUserRejection`) rejects with UserRejectedRequestError,
 * which keeps the wallet's error as its cause; anything else passes through unchanged.
 *
 * @example
 * const signature = await walletRequest(() => provider.request({ method: 'personal_sign', params: [hex, address] }));
 */
export async function walletRequest<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (error) {
    throw isUserRejection(error) ? new UserRejectedRequestError(error) : error;
  }
}
