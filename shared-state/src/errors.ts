/**
 * Typed errors, viem-style: each has a stable `name`, a `shortMessage` in the spec's wording
 * that the UI may show, and details for developers.
 */
export class PorticoError extends Error {
  override name = 'PorticoError';
  readonly shortMessage: string;
  readonly details?: string;
  constructor(shortMessage: string, options: { details?: string; cause?: unknown } = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    });
    this.shortMessage = shortMessage;
    this.details = options.details;
  }

  /**
   * Follows the `cause` chain from this error (like viem's `BaseError.walk`).
   *
   * @param fn - Optional test for each error on the chain, this one first.
   * @returns Without `fn`: the deepest cause. With `fn`: the first error it accepts, or `null`.
   *
   * @example
   * try {
   *   await portico.switchNetwork(mainnet);
   * } catch (error) {
   *   if (error instanceof PorticoError && error.walk((cause) => (cause as { code?: number }).code === 4001)) {
   *     // the person declined in their wallet
   *   }
   * }
   */
  walk(): unknown;
  walk<T>(fn: (error: unknown) => error is T): T | null;
  walk(fn: (error: unknown) => boolean): unknown;
  walk(fn?: (error: unknown) => boolean): unknown {
    return walkErrors(this, fn);
  }
}

/**
 * `PorticoError.walk` for any thrown value (wallets throw plain `{ code, message }` objects too).
 * Follows at most 16 causes: a chain that loops back on itself ends there.
 */
function walkErrors(error: unknown, fn?: (error: unknown) => boolean, depth = 0): unknown {
  if (fn?.(error)) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && depth < 16 ? walkErrors(cause, fn, depth + 1) : fn ? null : error;
}

/** A host option failed validation; the message names the field. */
export class InvalidOptionsError extends PorticoError {
  override name = 'InvalidOptionsError';
  readonly field: string;
  constructor(field: string, reason: string) {
    super(`Invalid Portico option \`${field}\`: ${reason}`);
    this.field = field;
  }
}

export class InvalidCaipAddressError extends PorticoError {
  override name = 'InvalidCaipAddressError';
  constructor(value: unknown) {
    super('Invalid CAIP-10 address', { details: `received ${JSON.stringify(value)}` });
  }
}

export class InvalidCaipNetworkIdError extends PorticoError {
  override name = 'InvalidCaipNetworkIdError';
  constructor(value: unknown) {
    super('Invalid CAIP-2 network id', { details: `received ${JSON.stringify(value)}` });
  }
}

export class NamespaceNotConfiguredError extends PorticoError {
  override name = 'NamespaceNotConfiguredError';
  constructor(namespace: string) {
    super(
      `Namespace '${namespace}' is not configured. Please call connect() first with namespace config.`,
    );
  }
}

/** EIP-1193 code 4001: the person declined in their wallet. Recoverable: they may try again. */
export class UserRejectedRequestError extends PorticoError {
  override name = 'UserRejectedRequestError';
  readonly code = 4001;
  /** `message` says more than the plain decline, e.g. that the time to approve ran out. */
  constructor(cause?: unknown, message = 'User rejected the request.') {
    super(message, { cause });
  }
}

export class ChainAdapterNotFoundError extends PorticoError {
  override name = 'ChainAdapterNotFoundError';
  constructor(namespace: string) {
    super('Chain adapter not found', { details: `no adapter for namespace '${namespace}'` });
  }
}

export class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError';
  constructor(connectorId: string) {
    super('Connector not found', { details: `no wallet with id '${connectorId}' is available` });
  }
}

export class NetworkNotFoundError extends PorticoError {
  override name = 'NetworkNotFoundError';
  constructor(caipNetworkId: string) {
    super('Network not found', { details: `'${caipNetworkId}' is not in the configured networks` });
  }
}

export class SwitchChainError extends PorticoError {
  override name = 'SwitchChainError';
  constructor(chainId: number | string, cause?: unknown) {
    super(
      `Failed to switch to chain ${chainId}. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.`,
      { cause },
    );
  }
}

export class DisconnectError extends PorticoError {
  override name = 'DisconnectError';
  constructor(cause?: unknown) {
    super('Failed to disconnect', { cause });
  }
}

/** A remote could not be fetched or evaluated (server down, 404, script error). */
export class RemoteLoadError extends PorticoError {
  override name = 'RemoteLoadError';
  readonly remote: string;
  constructor(remote: string, cause?: unknown) {
    super(`The ${remote} feature could not be loaded.`, {
      cause,
      details: cause instanceof Error ? cause.message : undefined,
    });
    this.remote = remote;
  }
}

/** A remote was built against another shared-state contract than the shell runs. */
export class RemoteIncompatibleError extends PorticoError {
  override name = 'RemoteIncompatibleError';
  readonly remote: string;
  constructor(remote: string, builtAgainst: unknown, expected: number) {
    super(`The ${remote} feature could not be loaded: it is not compatible with this version of Portico.`, {
      details: `remote built against shared-state contract ${String(builtAgainst)}, shell runs contract ${expected}`,
    });
    this.remote = remote;
  }
}

/** Spec section 8: a string, else the first schema issue message, else the error message, else 'Unknown error'. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const issues = (error as { issues?: Array<{ message?: unknown }> }).issues;
    const firstIssue = Array.isArray(issues) ? issues[0]?.message : undefined;
    if (typeof firstIssue === 'string') return firstIssue;
    const short = (error as { shortMessage?: unknown }).shortMessage;
    if (typeof short === 'string') return short;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return 'Unknown error';
}

/** EIP-1193's "user rejected" and WalletConnect's USER_REJECTED (a declined session proposal). */
const USER_REJECTION_CODES = new Set([4001, 5000]);

/** True when a wallet error (or anything wrapping one) says the person declined. */
export const isUserRejection = (error: unknown): boolean =>
  walkErrors(error, (cause) => USER_REJECTION_CODES.has((cause as { code?: number } | null)?.code ?? 0)) !== null;
