import { PorticoError } from '../errors';

/**
 * Spec section 5: sends exist only on eip155 and solana; adapters of other namespaces reject with this. Lives
 * with those (lazy) adapters, not in the page's errors.ts: hosts can tell it by its `name`.
 */
export class SendingUnsupportedError extends PorticoError {
  override name = 'SendingUnsupportedError';
  constructor(namespace: string) {
    super(`Sending is not supported on ${namespace} networks.`);
  }
}
