import { describe, expect, it } from '@rstest/core';
import { cleanDecimal, fiatValue, formatExact, formatHuman, priceImpactLevel, PRICE_IMPACT_WARNING_PERCENT, quoteRate } from '../src/amounts';

describe('cleanDecimal (what Max writes)', () => {
  it('drops trailing fraction zeros and a lone dot, keeps integers whole', () => {
    expect(cleanDecimal('25000.0')).toBe('25000');
    expect(cleanDecimal('1.500')).toBe('1.5');
    expect(cleanDecimal('100')).toBe('100');
    expect(cleanDecimal(' 0.000021000 ')).toBe('0.000021');
  });
});

describe('formatHuman (fees and rates in human precision)', () => {
  it('keeps four significant digits for small values, two decimals for large ones', () => {
    expect(formatHuman('0.000021000000000001')).toBe('0.000021');
    expect(formatHuman('0.0003141592653589')).toBe('0.0003142');
    expect(formatHuman('1234.5678')).toBe('1,234.57');
    expect(formatHuman('0.3')).toBe('0.3');
  });

  it('says "< 0.000001" for dust, in the locale', () => {
    expect(formatHuman('0.0000000001')).toBe('< 0.000001');
    expect(formatHuman('1234.5678', 'de')).toBe('1.234,57');
    expect(formatHuman('n/a')).toBe('n/a');
  });
});

describe('fiatValue', () => {
  it('is amount × price, undefined without either', () => {
    expect(fiatValue('2', 1.5)).toBe(3);
    expect(fiatValue('', 1.5)).toBeUndefined();
    expect(fiatValue('abc', 1.5)).toBeUndefined();
    expect(fiatValue('2', undefined)).toBeUndefined();
  });
});

describe('price impact and rate', () => {
  it(`warns from ${PRICE_IMPACT_WARNING_PERCENT} %`, () => {
    expect(PRICE_IMPACT_WARNING_PERCENT).toBe(3);
    expect(priceImpactLevel(2.99)).toBe('normal');
    expect(priceImpactLevel(3)).toBe('high');
  });

  it('is received per paid from smallest units', () => {
    expect(quoteRate({ fromAmount: '100000000', toAmount: '98000000000000000000' }, 6, 18)).toBe('0.98');
    expect(quoteRate({ fromAmount: '0', toAmount: '1' }, 6, 18)).toBeUndefined();
  });
});

describe('formatExact (an amount as typed)', () => {
  it('keeps every digit, in the locale', () => {
    expect(formatExact('25000.123456789012345678')).toBe('25,000.123456789012345678');
    expect(formatExact('0.0001', 'de')).toBe('0,0001');
  });
});
