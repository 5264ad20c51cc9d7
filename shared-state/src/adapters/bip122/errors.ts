import { PorticoError } from '../../errors';

/**
 * A bitcoin address belongs to one network and the bitcoin Wallet Standard has no way to ask a wallet to change
 * networks: the modal moves only to a network the wallet granted accounts on (or follows the wallet when it moves).
 */
export class WalletNetworkUnavailableError extends PorticoError {
  override name = 'WalletNetworkUnavailableError';
  constructor(walletName: string, networkName: string) {
    super(`${walletName} has no account on ${networkName}. Switch networks in ${walletName}, then try again.`);
  }
}
