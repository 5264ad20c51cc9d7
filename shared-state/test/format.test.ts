import { describe, expect, it } from '@rstest/core';
import { formatBalance } from '../src/amounts';
import { numberFormat } from '../src/formatters';

describe('numberFormat', () => {
  it('gives the same formatter for the same locale and options, in any key order', () => {
    const percent = numberFormat('de', { style: 'percent', maximumFractionDigits: 2 });
    expect(numberFormat('de', { style: 'percent', maximumFractionDigits: 2 })).toBe(percent);
    expect(numberFormat('de', { maximumFractionDigits: 2, style: 'percent' })).toBe(percent);
    expect(percent.format(0.125)).toBe('12,5\u00a0%');
  });

  it('gives another formatter for other options or another locale', () => {
    const twoDecimals = numberFormat('en-US', { maximumFractionDigits: 2 });
    expect(numberFormat('en-US', { maximumFractionDigits: 3 })).not.toBe(twoDecimals);
    expect(numberFormat('en-US')).not.toBe(twoDecimals);
    expect(numberFormat('fr', { maximumFractionDigits: 2 })).not.toBe(twoDecimals);
    expect(numberFormat('en-US', { maximumFractionDigits: 3 }).format(1.2345)).toBe('1.235');
  });

  it('formats a tag Intl refuses (a malformed page lang) as en-US, and keeps that formatter', () => {
    const malformed = numberFormat('de_DE!', { maximumFractionDigits: 1 });
    expect(malformed.resolvedOptions().locale).toBe('en-US');
    expect(malformed.format(1234.56)).toBe('1,234.6');
    expect(numberFormat('de_DE!', { maximumFractionDigits: 1 })).toBe(malformed);
  });

  it('still throws for options Intl refuses in any locale', () => {
    expect(() => numberFormat('en-US', { style: 'currency' })).toThrow(TypeError);
  });
});

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
