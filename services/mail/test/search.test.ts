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
    for (const q of ['tag:otp', 'has:attachment', 'after:2026-01-01', '-before:2026-01-01', 'larger:1M', 'smaller:1k', 'is:tagged']) {
      expect(() => parseSearch(q)).toThrow(SearchSyntaxError);
    }
    expect(() => parseSearch('to:a tag:x')).toThrow("query: the filter 'tag:' is not supported by this mail catcher");
  });
});
