// Mailpit's search syntax, the subset implemented in src/search.ts.
import { describe, expect, it } from '@rstest/core';
import type { StoredMessage } from '../src/message';
import { parseSearch, SearchSyntaxError } from '../src/search';

function message(overrides: Partial<StoredMessage>): StoredMessage {
  return {
    ID: 'id',
    MessageID: 'mid@portico.test',
    From: { Name: 'Portico', Address: 'no-reply@portico.test' },
    To: [],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: '',
    Subject: '',
    Date: '2026-01-01T00:00:00.000Z',
    Tags: [],
    Username: '',
    Text: '',
    HTML: '',
    Size: 1,
    Inline: [],
    Attachments: [],
    Created: '2026-01-01T00:00:00.000Z',
    Snippet: '',
    Read: false,
    source: Buffer.from(''),
    headers: {},
    ...overrides,
  };
}

const alice = message({ To: [{ Name: 'Alice Example', Address: 'alice@example.com' }], Subject: 'Your Portico code', Text: 'Your code is 123456' });
const malice = message({ To: [{ Name: '', Address: 'malice@example.com' }], Cc: [{ Name: '', Address: 'bob@example.com' }], Subject: 'Verify this device', Read: true });
const matching = (query: string) => [alice, malice].filter(parseSearch(query)).map((m) => m.To[0]!.Address);

describe('search', () => {
  it('to: is a case-insensitive substring of the names and addresses, as in Mailpit', () => {
    expect(matching('to:alice@example.com')).toEqual(['alice@example.com', 'malice@example.com']);
    expect(matching('to:ALICE@EXAMPLE.COM')).toEqual(['alice@example.com', 'malice@example.com']);
    expect(matching('to:<alice@example.com>')).toEqual(['alice@example.com', 'malice@example.com']);
    expect(matching('to:"alice example"')).toEqual(['alice@example.com']);
    expect(matching('to:nobody@example.com')).toEqual([]);
  });

  it('terms are ANDed; - and ! negate; quoted phrases are one term; other fields and flags', () => {
    expect(matching('to:alice -to:malice')).toEqual(['alice@example.com']);
    expect(matching('to:alice !subject:code')).toEqual(['malice@example.com']);
    expect(matching('subject:"portico code"')).toEqual(['alice@example.com']);
    expect(matching('cc:bob')).toEqual(['malice@example.com']);
    expect(matching('addressed:bob')).toEqual(['malice@example.com']);
    expect(matching('from:no-reply@portico.test is:unread')).toEqual(['alice@example.com']);
    expect(matching('is:read')).toEqual(['malice@example.com']);
    expect(matching('message-id:mid@')).toEqual(['alice@example.com', 'malice@example.com']);
  });

  it('a word searches subject, addresses and text; blank terms are ignored', () => {
    expect(matching('123456')).toEqual(['alice@example.com']);
    expect(matching('device')).toEqual(['malice@example.com']);
    expect(matching('to: 123456')).toEqual(['alice@example.com']);
  });

  it('refuses the Mailpit filters it does not implement', () => {
    for (const q of ['tag:otp', 'has:attachment', '-larger:1M', 'smaller:1k', 'is:tagged']) {
      expect(() => parseSearch(q)).toThrow(SearchSyntaxError);
    }
    expect(() => parseSearch('to:a tag:x')).toThrow("query: the filter 'tag:' is not supported by this mail catcher");
  });
});

describe('search: after: and before: (the time received)', () => {
  // Received at noon UTC on 31 January 2026: 01:00 on 1 February in Auckland (UTC+13 in summer).
  const noon = message({ Created: '2026-01-31T12:00:00.000Z' });
  const matches = (query: string, timeZone?: string) => parseSearch(query, { timeZone })(noon);

  it('reads ISO 8601 dates and times, "date time" and yyyy/M/d; a date alone is its midnight', () => {
    for (const query of [
      'after:2026-01-31',
      'after:20260131',
      'after:2026/1/31',
      'after:2026-01-31T11:59',
      'after:2026-01-31t11:59:59z', // upper-cased first, as Mailpit does
      'after:"2026-01-31 11:59:59"',
      'after:2026-02-01T00:59+13:00',
      'before:2026-02-01',
      'before:"2026/1/31 12:01"',
    ]) {
      expect({ query, matches: matches(query, 'UTC') }).toEqual({ query, matches: true });
    }
    for (const query of ['after:2026-02-01', 'before:2026-01-31', 'after:2026-01-31T12:00:01Z', 'before:2026-01-31T13:00+02:00']) {
      expect({ query, matches: matches(query, 'UTC') }).toEqual({ query, matches: false });
    }
  });

  it('both bounds are inclusive, and a negated one is the opposite inclusive bound (as Mailpit\'s SQL)', () => {
    for (const query of ['after:2026-01-31T12:00:00Z', 'before:2026-01-31T12:00:00Z', '-after:2026-01-31T12:00:00Z', '-before:2026-01-31T12:00:00Z']) {
      expect({ query, matches: matches(query) }).toEqual({ query, matches: true });
    }
    expect(matches('-after:2026-01-31', 'UTC')).toBe(false);
    expect(matches('!before:2026-01-31T11:00Z')).toBe(true);
    expect(matches('after:2026-01-31T00:00Z before:2026-02-01T00:00Z')).toBe(true);
  });

  it('reads a date without an offset in the time zone given (tz); one with an offset as it says', () => {
    expect(matches('after:2026-02-01', 'Pacific/Auckland')).toBe(true);
    expect(matches('after:2026-02-01', 'UTC')).toBe(false);
    expect(matches('before:"2026-01-31 23:00"', 'Pacific/Auckland')).toBe(false);
    expect(matches('before:"2026-01-31 23:00"', 'America/Chicago')).toBe(true);
    expect(matches('after:2026-01-31T12:00Z', 'Pacific/Auckland')).toBe(true);
  });

  it('ignores a blank date and refuses one it cannot read, naming the forms it reads', () => {
    expect(matches('after:')).toBe(true);
    expect(matches('-before: "" subject:')).toBe(true);
    for (const query of ['after:yesterday', 'before:1767225600', 'after:31/01/2026', 'before:2026-13-01']) {
      expect(() => parseSearch(query)).toThrow(SearchSyntaxError);
    }
    expect(() => parseSearch('after:"next week"')).toThrow(
      `query: after: cannot read the date 'NEXT WEEK'; use e.g. 2026-01-31, 2026-01-31T14:30, 2026-01-31T14:30:00Z, "2026-01-31 14:30" or 2026/1/31`,
    );
  });
});
