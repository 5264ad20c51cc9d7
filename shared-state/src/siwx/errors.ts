import { InvalidOptionsError, PorticoError } from '../errors';

/** Spec section 8: sign-in asked for while the host enabled none. */
export class SiwxNotEnabledError extends PorticoError {
  override name = 'SiwxNotEnabledError';
  constructor() {
    super('SIWX is not enabled');
  }
}

/** Spec section 5: 'Setting both siweConfig and siwx is an error.' */
export class SiwxConfigConflictError extends InvalidOptionsError {
  override name = 'SiwxConfigConflictError';
  constructor() {
    super('siwx', 'setting both siweConfig and siwx is an error; pass only siwx (siweConfig is the legacy form of it)');
  }
}

/** A signed message that does not prove what it claims (bad signature, other domain, expired, not yet valid). */
export class SiwxVerificationError extends PorticoError {
  override name = 'SiwxVerificationError';
  constructor(reason: string, cause?: unknown) {
    super(reason, { cause });
  }
}

/** The Portico API refused a sign-in call; `shortMessage` is the server's own reason when it gave one. */
export class SiwxApiError extends PorticoError {
  override name = 'SiwxApiError';
  readonly status?: number;
  constructor(reason: string, options: { status?: number; cause?: unknown } = {}) {
    super(reason, { cause: options.cause });
    this.status = options.status;
  }
}
