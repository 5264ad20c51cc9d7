// Mailpit's snippet and header-name rules, as message.ts ports them.
import { describe, expect, it } from '@rstest/core';
import { canonicalHeaderName, snippet, SNIPPET_MAX_BYTES } from '../src/message';

describe('snippet', () => {
  it('collapses ASCII white space and U+FEFF to one space and trims', () => {
    expect(snippet('  Your code\r\n\r\nis\t123456\uFEFF. ')).toBe('Your code is 123456 .');
  });

  it(`keeps a text of SNIPPET_MAX_BYTES (${SNIPPET_MAX_BYTES}) bytes whole, and cuts a longer one there with "..."`, () => {
    const fits = 'a'.repeat(SNIPPET_MAX_BYTES);
    expect(snippet(fits)).toBe(fits);
    expect(snippet(`${fits}b`)).toBe(`${fits}...`);
    expect(snippet('word '.repeat(60))).toBe(`${'word '.repeat(SNIPPET_MAX_BYTES / 5)}...`);
  });

  it('counts UTF-8 bytes and never splits a character, backing up as Mailpit does', () => {
    // 'é' is 2 bytes: byte 200 ends the 100th, and Mailpit's truncate still backs up over it.
    expect(snippet('é'.repeat(150))).toBe(`${'é'.repeat(99)}...`);
    // 'é😀 ' is 7 bytes: 28 of them and an 'é' are 198 bytes; the emoji would end at byte 202.
    expect(snippet('é😀\n'.repeat(150))).toBe(`${'é😀 '.repeat(28)}é...`);
  });
});

describe('canonicalHeaderName (Go textproto, as Mailpit names headers)', () => {
  it('upper-cases the first letter and each one after "-", lower-cases the rest', () => {
    expect(canonicalHeaderName('message-id')).toBe('Message-Id');
    expect(canonicalHeaderName('MIME-Version')).toBe('Mime-Version');
    expect(canonicalHeaderName('DKIM-Signature')).toBe('Dkim-Signature');
    expect(canonicalHeaderName('x-ms-has-attach')).toBe('X-Ms-Has-Attach');
    expect(canonicalHeaderName('X-2nd')).toBe('X-2nd');
  });

  it('keeps a name with a character outside the token set as it is', () => {
    expect(canonicalHeaderName('odd name')).toBe('odd name');
    expect(canonicalHeaderName('x-caf\u00e9')).toBe('x-caf\u00e9');
  });
});
