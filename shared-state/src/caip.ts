import { CHAIN_NAMESPACES, type ChainNamespace } from './constants';
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from './errors';

/** CAIP-2, `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`;
/** CAIP-10, `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`;

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value);
}

export function parseCaipNetworkId(value: unknown): { namespace: ChainNamespace; reference: string } {
  if (typeof value !== 'string') throw new InvalidCaipNetworkIdError(value);
  const parts = value.split(':');
  const [namespace, reference] = parts;
  if (parts.length !== 2 || !namespace || !reference || !isChainNamespace(namespace)) {
    throw new InvalidCaipNetworkIdError(value);
  }
  return { namespace, reference };
}

export function parseCaipAddress(value: unknown): {
  namespace: ChainNamespace;
  reference: string;
  address: string;
  caipNetworkId: CaipNetworkId;
} {
  if (typeof value !== 'string') throw new InvalidCaipAddressError(value);
  const parts = value.split(':');
  const [namespace, reference, address] = parts;
  if (parts.length !== 3 || !namespace || !reference || !address || !isChainNamespace(namespace)) {
    throw new InvalidCaipAddressError(value);
  }
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` };
}

export function toCaipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId {
  return `${namespace}:${reference}`;
}

export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`;
}
