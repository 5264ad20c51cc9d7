import { describe, expect, it } from '@rstest/core';
import { formatBalance } from '../src/amounts';

describe('formatBalance', () => {
  it('groups thousands and drops a zero fraction', () => {
    expect(formatBalance('10000.0')).toBe('10,000');
    expect(formatBalance('10000')).toBe('10,000');
    expect(formatBalance('0')).toBe('0');
  });

  it('shows at most 3 decimals', () => {
    expect(formatBalance('1.23456')).toBe('1.235');
    expect(formatBalance('0.1')).toBe('0.1');
    expect(formatBalance('0.0004')).toBe('0');
    expect(formatBalance('1234.5')).toBe('1,234.5');
  });

  it('keeps every digit of big values (no float rounding)', () => {
    expect(formatBalance('123456789012345678901234567890')).toBe('123,456,789,012,345,678,901,234,567,890');
    expect(formatBalance('9007199254740993.123')).toBe('9,007,199,254,740,993.123');
  });

  it('groups and marks decimals the way the modal’s locale writes numbers', () => {
    expect(formatBalance('1234.5', 'de')).toBe('1.234,5');
    expect(formatBalance('1234.5', 'fr')).toBe('1\u202f234,5');
    expect(formatBalance('1234.5', 'en')).toBe('1,234.5');
    // A tag Intl refuses (a malformed page lang) is not an error for the person: en-US.
    expect(formatBalance('1234.5', 'de_DE!')).toBe('1,234.5');
  });
});
