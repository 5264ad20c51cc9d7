/**
 * Property tests (fast-check): no input makes a validator throw anything but its own error type,
 * and what it accepts round-trips.
 */
import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { InvalidOptionsError, fullName } from '../src/index';
import { InvalidCaipAddressError, InvalidCaipNetworkIdError, PorticoError } from '../src/errors';
import { parseCaipAddress, parseCaipNetworkId, toCaipAddress, toCaipNetworkId } from '../src/caip';
import { parseOptions } from '../src/options';
import { formatTokenAmount } from '../src/amounts';
import { isValidAddress } from '../src/address/shapes';
import { CHAIN_NAMESPACES } from '../src/constants';
import { parseTokenAmount } from '../src/controllers/swap';
import { nameRuleProblem } from '../src/name-rules';
import { anvil, mainnet, minimalOptions } from '@portico/test-kit';

/** Runs `fn`; anything thrown must be an instance of `errorType`. */
function throwsOnly(errorType: new (...args: never[]) => Error, fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof errorType)) throw new Error(`threw ${String(error)} instead of ${errorType.name}`, { cause: error });
  }
}

/** Any string, including astral and lone surrogates, colons and whitespace. */
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(':', 'a', '0', ' ', '-', 'x', '.') }));
const namespace = fc.constantFrom(...CHAIN_NAMESPACES);
const reference = fc.string({ minLength: 1, unit: fc.constantFrom(...'abcXYZ0123456789-_') });

describe('CAIP-2 and CAIP-10 parsing', () => {
  it('anything: parsed, or its own error', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.anything()), (value) => {
        throwsOnly(InvalidCaipNetworkIdError, () => parseCaipNetworkId(value));
        throwsOnly(InvalidCaipAddressError, () => parseCaipAddress(value));
      }),
    );
  });

  it('what is built from a namespace, a reference and an address parses back to them', () => {
    fc.assert(
      fc.property(namespace, reference, reference, (ns, ref, address) => {
        const caipNetworkId = toCaipNetworkId(ns, ref);
        expect(parseCaipNetworkId(caipNetworkId)).toEqual({ namespace: ns, reference: ref });
        expect(parseCaipAddress(toCaipAddress(caipNetworkId, address))).toEqual({ namespace: ns, reference: ref, address, caipNetworkId });
      }),
    );
  });
});

describe('addresses per namespace', () => {
  const hex40 = fc.string({ minLength: 40, maxLength: 40, unit: fc.constantFrom(...'0123456789abcdefABCDEF') });

  it('never throws; eip155 is exactly an optional 0x and 40 hex digits', () => {
    fc.assert(
      fc.property(namespace, fc.oneof(anyText, fc.anything()), (ns, value) => {
        expect(typeof isValidAddress(ns, value)).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(hex40, fc.boolean(), (hex, prefixed) => {
        expect(isValidAddress('eip155', prefixed ? `0x${hex}` : hex)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        fc.pre(!/^(0x)?[0-9a-fA-F]{40}$/.test(text));
        expect(isValidAddress('eip155', text)).toBe(false);
      }),
    );
  });

  it('solana is 32–44 base58 characters (no 0, O, I, l)', () => {
    const base58 = fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
    fc.assert(
      fc.property(fc.string({ minLength: 32, maxLength: 44, unit: base58 }), (address) => {
        expect(isValidAddress('solana', address)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 32, maxLength: 44, unit: base58 }), fc.constantFrom('0', 'O', 'I', 'l'), (address, bad) => {
        expect(isValidAddress('solana', `${bad}${address.slice(1)}`)).toBe(false);
      }),
    );
  });
});

describe('token amounts and units', () => {
  const decimals = fc.integer({ min: 0, max: 36 });

  it('format then parse gives the same amount, for any amount and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), decimals, (amount, places) => {
        expect(parseTokenAmount(formatTokenAmount(amount, places), places)).toBe(amount);
      }),
    );
  });

  it('negative amounts are refused (they once came out as "-1.-5")', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 128n }), fc.integer({ min: 1, max: 36 }), (amount, places) => {
        expect(() => formatTokenAmount(-amount, places)).toThrow('Invalid amount');
      }),
    );
  });

  it('parse: any text and any decimals give an amount or undefined, never a throw', () => {
    fc.assert(
      fc.property(anyText, fc.oneof(decimals, fc.integer(), fc.double()), (text, places) => {
        const amount = parseTokenAmount(text, places);
        if (amount !== undefined) {
          expect(amount >= 0n).toBe(true);
          expect(formatTokenAmount(amount, places)).toBe(formatTokenAmount(parseTokenAmount(formatTokenAmount(amount, places), places)!, places));
        }
      }),
    );
  });

  it('format: anything that is not a non-negative integer amount with 0–255 decimals is its own error', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.bigInt()), fc.oneof(decimals, fc.integer(), fc.double()), (value, places) => {
        throwsOnly(PorticoError, () => formatTokenAmount(value, places));
      }),
    );
  });
});

describe('names', () => {
  it('any label: a rule or nothing, never a throw; accepted labels are safe ASCII DNS labels', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ unit: fc.constantFrom('a', 'Z', '9', '-', '\u212A', 'é', '_') })), (label) => {
        const problem = nameRuleProblem(label);
        if (problem !== undefined) return;
        expect(label).toMatch(/^[A-Za-z0-9](?:-?[A-Za-z0-9])*$/);
        expect(label.length).toBeGreaterThanOrEqual(4);
        expect(label.length).toBeLessThanOrEqual(63);
        expect(fullName(label)).toBe(`${label.toLowerCase()}.portico.eth`);
      }),
    );
  });
});

describe('host options', () => {
  const keys = [
    'projectId', 'metadata', 'networks', 'defaultNetwork', 'features', 'themeMode', 'themeVariables', 'featuredWalletIds',
    'includeWalletIds', 'excludeWalletIds', 'allowUnsupportedChain', 'enableEmbedded', 'remotes', 'cdnBase', 'apiUrl',
    'swapRouters', 'pay', 'walletConnect',
  ];
  const networkLike = fc.record(
    {
      id: fc.oneof(fc.integer(), reference, anyText),
      name: anyText,
      nativeCurrency: fc.record({ name: anyText, symbol: anyText, decimals: fc.oneof(fc.integer(), fc.double()) }),
      rpcUrls: fc.constant({ default: { http: ['https://rpc.example'] } }),
      chainNamespace: fc.oneof(namespace, anyText),
      caipNetworkId: fc.oneof(anyText, fc.tuple(fc.oneof(namespace, fc.constantFrom('foo', 'x')), reference).map(([ns, ref]) => `${ns}:${ref}`)),
      testnet: fc.boolean(),
    },
    { requiredKeys: ['id', 'name', 'nativeCurrency', 'rpcUrls'] },
  );

  it('arbitrary JSON: parsed, or one InvalidOptionsError', () => {
    fc.assert(fc.property(fc.jsonValue(), (input) => throwsOnly(InvalidOptionsError, () => parseOptions(input))));
  });

  it('a valid config with one field replaced by anything: parsed, or one InvalidOptionsError', () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.oneof(fc.jsonValue(), fc.anything(), fc.array(networkLike, { maxLength: 3 }), networkLike), (key, value) => {
        throwsOnly(InvalidOptionsError, () => parseOptions(minimalOptions({ networks: [anvil, mainnet], [key]: value })));
      }),
    );
  });

  it('networks it accepts have CAIP-2 ids the rest of Portico can parse', () => {
    // 1000 runs: an id with a colon on a non-eip155 network took a few hundred to find.
    fc.assert(
      fc.property(fc.array(networkLike, { minLength: 1, maxLength: 3 }), (networks) => {
        let options: ReturnType<typeof parseOptions>;
        try {
          options = parseOptions(minimalOptions({ networks }));
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidOptionsError);
          return;
        }
        for (const network of options.networks) {
          expect(parseCaipNetworkId(network.caipNetworkId)).toEqual({ namespace: network.chainNamespace, reference: String(network.id) });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
