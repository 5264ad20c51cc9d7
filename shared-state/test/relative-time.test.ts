import { describe, expect, it } from '@rstest/core';
import { formatRelativeTime, formatUsd, relativeTimeParts } from '../src/formatters';

const NOW = Date.UTC(2030, 5, 15, 12, 0, 0);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The month and year lengths the thresholds use (average Gregorian). */
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;

/** The parts for something `ago` ms in the past. */
const ago = (ms: number) => relativeTimeParts(NOW - ms, NOW);

describe('relativeTimeParts: spec section 9 thresholds (past)', () => {
  it.each([
    ['0 s', 0, 0, 'second'],
    ['44 s', 44 * SECOND, -44, 'second'],
    ['45 s', 45 * SECOND, -1, 'minute'],
    ['89 s', 89 * SECOND, -1, 'minute'],
    ['90 s', 90 * SECOND, -2, 'minute'],
    ['44 min', 44 * MINUTE, -44, 'minute'],
    ['45 min', 45 * MINUTE, -1, 'hour'],
    ['89 min', 89 * MINUTE, -1, 'hour'],
    ['90 min', 90 * MINUTE, -2, 'hour'],
    ['21 h', 21 * HOUR, -21, 'hour'],
    ['22 h', 22 * HOUR, -1, 'day'],
    ['35 h', 35 * HOUR, -1, 'day'],
    ['36 h', 36 * HOUR, -2, 'day'],
    ['25 days', 25 * DAY, -25, 'day'],
    ['26 days', 26 * DAY, -1, 'month'],
    ['45 days', 45 * DAY, -1, 'month'],
    ['46 days', 46 * DAY, -2, 'month'],
    ['10 months', 10 * MONTH, -10, 'month'],
    ['11 months', 11 * MONTH, -1, 'year'],
    ['17 months', 17 * MONTH, -1, 'year'],
    ['18 months', 18 * MONTH, -2, 'year'],
    ['5 years', 5 * YEAR, -5, 'year'],
  ] as const)('%s ago → %d %s', (_label, ms, value, unit) => {
    expect(ago(ms)).toEqual({ value, unit });
  });

  it('rounds sub-second differences to whole seconds', () => {
    expect(ago(44_400)).toEqual({ value: -44, unit: 'second' });
    expect(ago(44_600)).toEqual({ value: -1, unit: 'minute' });
  });
});

describe('relativeTimeParts: future times', () => {
  it('uses the same thresholds with positive values', () => {
    expect(relativeTimeParts(NOW + 44 * SECOND, NOW)).toEqual({ value: 44, unit: 'second' });
    expect(relativeTimeParts(NOW + 45 * SECOND, NOW)).toEqual({ value: 1, unit: 'minute' });
    expect(relativeTimeParts(NOW + 30 * MINUTE, NOW)).toEqual({ value: 30, unit: 'minute' });
    expect(relativeTimeParts(NOW + 22 * HOUR, NOW)).toEqual({ value: 1, unit: 'day' });
    expect(relativeTimeParts(NOW + 3 * DAY, NOW)).toEqual({ value: 3, unit: 'day' });
    expect(relativeTimeParts(NOW + 3 * YEAR, NOW)).toEqual({ value: 3, unit: 'year' });
  });
});

describe('formatRelativeTime: Intl short form', () => {
  it('past times', () => {
    expect(formatRelativeTime(NOW - 5 * MINUTE, NOW)).toBe('5 min. ago');
    expect(formatRelativeTime(NOW - 5 * MINUTE, NOW)).toContain('min.');
    expect(formatRelativeTime(NOW - 3 * HOUR, NOW)).toBe('3 hr. ago');
    expect(formatRelativeTime(NOW - 30 * SECOND, NOW)).toBe('30 sec. ago');
    expect(formatRelativeTime(NOW - 30 * HOUR, NOW)).toBe('yesterday');
    expect(formatRelativeTime(NOW - 3 * DAY, NOW)).toBe('3 days ago');
    expect(formatRelativeTime(NOW - 90 * DAY, NOW)).toBe('3 mo. ago');
    expect(formatRelativeTime(NOW - 2 * YEAR, NOW)).toBe('2 yr. ago');
  });

  it('now and the future', () => {
    expect(formatRelativeTime(NOW, NOW)).toBe('now');
    expect(formatRelativeTime(NOW + 5 * MINUTE, NOW)).toBe('in 5 min.');
    expect(formatRelativeTime(NOW + 2 * HOUR, NOW)).toBe('in 2 hr.');
    expect(formatRelativeTime(NOW + DAY, NOW)).toBe('tomorrow');
  });

  it('defaults to the current time', () => {
    expect(formatRelativeTime(Date.now() - 10 * MINUTE)).toBe('10 min. ago');
  });

  it('formats a tag Intl refuses (a malformed page lang) as en-US instead of throwing', () => {
    expect(() => new Intl.RelativeTimeFormat('de_DE!')).toThrow(RangeError);
    expect(formatRelativeTime(NOW - 5 * MINUTE, NOW, 'de_DE!')).toBe('5 min. ago');
    expect(formatRelativeTime(NOW - 30 * HOUR, NOW, 'de')).toBe('gestern');
  });
});

describe('formatUsd', () => {
  it('formats dollars with grouping and 2 decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(1_000_000)).toBe('$1,000,000.00');
    expect(formatUsd(0.004)).toBe('$0.00');
    expect(formatUsd(0.005)).toBe('$0.01');
    expect(formatUsd(-3.456)).toBe('-$3.46');
  });
});
