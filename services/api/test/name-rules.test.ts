/**
 * Property test: whatever a visitor types (any Unicode, any length, with or without the zone),
 * the name rules answer with the normalised label or a 400 HttpError — never anything else.
 */
import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { HttpError } from '../src/http/errors';
import { parseLabel } from '../src/profile/name-rules';

const anyName = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 70 }).map((s) => `${s}.portico.eth`),
  fc.stringMatching(/^[A-Za-z0-9-]{0,70}(\.portico\.eth)?$/),
);

describe('name rules', () => {
  test('no input makes them throw anything but a 400 HttpError; accepted labels are lower-case ASCII', () => {
    fc.assert(
      fc.property(anyName, fc.boolean(), (name, requireZone) => {
        try {
          const label = parseLabel(name, 'name', requireZone);
          expect(label).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
          expect(label.length).toBeGreaterThanOrEqual(4);
          expect(label.length).toBeLessThanOrEqual(63);
        } catch (err) {
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).status).toBe(400);
          expect((err as HttpError).message).toMatch(/^name: /);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('look-alikes are refused before case folding', () => {
    expect(() => parseLabel('\u212Aelvin', 'name')).toThrow('name: Name can only contain letters, numbers and hyphens');
    expect(parseLabel('Kelvin.PORTICO.eth', 'name', true)).toBe('kelvin');
  });
});
