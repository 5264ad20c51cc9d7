// Real mail in over SMTP (nodemailer), read back through the Mailpit-compatible HTTP API.
import { describe, expect, it } from '@rstest/core';
import { MAX_TIME_ZONE_CHARS } from '../src/http';
import { getJson, send, withMail } from './helpers';

const ID = /^[A-Za-z0-9_-]{22}$/;

describe('API: messages in and out', () => {
  it('lists messages newest first with Mailpit summary fields, and returns one with Text and HTML', async () => {
    await withMail({}, async (mail) => {
      await send(mail, { to: 'Alice <alice@example.com>', subject: 'Your code', text: 'Your code is 123456.\n\nIt expires in 10 minutes.' });
      await send(mail, {
        to: ['bob@example.com', 'Carol <carol@example.com>'],
        cc: 'dave@example.com',
        subject: 'Welcome',
        text: 'Hello Bob',
        html: '<p>Hello <b>Bob</b></p>',
        messageId: '<welcome-1@portico.test>',
      });

      const list = await getJson(mail, '/api/v1/messages');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: 2, unread: 2, count: 2, messages_count: 2, messages_unread: 2, start: 0, tags: [] });
      const [newest, oldest] = list.body.messages;
      expect(newest).toMatchObject({
        MessageID: 'welcome-1@portico.test',
        Read: false,
        From: { Name: 'Portico', Address: 'no-reply@portico.test' },
        To: [
          { Name: '', Address: 'bob@example.com' },
          { Name: 'Carol', Address: 'carol@example.com' },
        ],
        Cc: [{ Name: '', Address: 'dave@example.com' }],
        Bcc: [],
        ReplyTo: [],
        Subject: 'Welcome',
        Snippet: 'Hello Bob',
        Attachments: 0,
        Tags: [],
        Username: '',
      });
      expect(newest.ID).toMatch(ID);
      expect(newest.Size).toBeGreaterThan(100);
      expect(new Date(newest.Created).toISOString()).toBe(newest.Created);
      expect(oldest).toMatchObject({ Subject: 'Your code', To: [{ Name: 'Alice', Address: 'alice@example.com' }], Snippet: 'Your code is 123456. It expires in 10 minutes.' });
      expect(oldest.MessageID).toMatch(/@/);

      const one = await getJson(mail, `/api/v1/message/${newest.ID}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        ID: newest.ID,
        MessageID: 'welcome-1@portico.test',
        From: { Name: 'Portico', Address: 'no-reply@portico.test' },
        To: newest.To,
        Subject: 'Welcome',
        Text: 'Hello Bob',
        HTML: '<p>Hello <b>Bob</b></p>',
        Size: newest.Size,
        ReturnPath: 'no-reply@portico.test',
        Attachments: [],
        Inline: [],
      });
      expect(Number.isNaN(Date.parse(one.body.Date))).toBe(false);
      expect(one.body).not.toHaveProperty('Read');

      // Fetching a message marks it read, as in Mailpit.
      expect((await getJson(mail, '/api/v1/messages')).body).toMatchObject({ total: 2, unread: 1, messages: [{ Read: true }, { Read: false }] });
      expect((await getJson(mail, '/api/v1/message/latest')).body.ID).toBe(newest.ID);
    });
  });

  it('pages with start and limit; messages_count counts all of them', async () => {
    await withMail({}, async (mail) => {
      for (const n of [1, 2, 3, 4, 5]) await send(mail, { to: 'p@example.com', subject: `m${n}`, text: `${n}` });
      const page = await getJson(mail, '/api/v1/messages?start=1&limit=2');
      expect(page.body).toMatchObject({ total: 5, count: 2, messages_count: 5, start: 1 });
      expect(page.body.messages.map((m: { Subject: string }) => m.Subject)).toEqual(['m4', 'm3']);
      expect((await getJson(mail, '/api/v1/messages?start=10')).body).toMatchObject({ total: 5, count: 0, messages: [] });
    });
  });

  it('search to:<address> finds the mail to one recipient, including blind copies and case differences', async () => {
    await withMail({}, async (mail) => {
      await send(mail, { to: 'alice@example.com', subject: 'for alice', text: 'a' });
      await send(mail, { to: 'bob@example.com', subject: 'for bob', text: 'b' });
      await send(mail, { to: 'bob@example.com', bcc: 'Alice@Example.com', subject: 'bob, alice in bcc', text: 'c' });
      // An envelope recipient no header names is recorded in Bcc (as Mailpit does).
      await send(mail, { to: 'carol@example.com', subject: 'envelope only', text: 'd', envelope: { from: 'x@portico.test', to: ['carol@example.com', 'eve@example.com'] } });

      const alice = await getJson(mail, `/api/v1/search?query=${encodeURIComponent('to:alice@example.com')}`);
      expect(alice.status).toBe(200);
      expect(alice.body.messages.map((m: { Subject: string }) => m.Subject)).toEqual(['for alice']);
      expect(alice.body).toMatchObject({ total: 4, messages_count: 1, count: 1, start: 0 });

      const bcc = await getJson(mail, `/api/v1/search?query=${encodeURIComponent('bcc:alice@example.com')}`);
      expect(bcc.body.messages.map((m: { Subject: string }) => m.Subject)).toEqual(['bob, alice in bcc']);
      const eve = await getJson(mail, `/api/v1/search?query=${encodeURIComponent('addressed:eve@example.com')}`);
      expect(eve.body.messages).toHaveLength(1);
      expect(eve.body.messages[0]).toMatchObject({ Subject: 'envelope only', Bcc: [{ Name: '', Address: 'eve@example.com' }] });
      expect((await getJson(mail, `/api/v1/message/${eve.body.messages[0].ID}`)).body.ReturnPath).toBe('x@portico.test');

      const bob = await getJson(mail, `/api/v1/search?query=${encodeURIComponent('to:BOB@example.com subject:"alice in"')}`);
      expect(bob.body.messages.map((m: { Subject: string }) => m.Subject)).toEqual(['bob, alice in bcc']);
      const notBob = await getJson(mail, `/api/v1/search?query=${encodeURIComponent('-to:bob@example.com')}`);
      expect(notBob.body.messages.map((m: { Subject: string }) => m.Subject)).toEqual(['envelope only', 'for alice']);
    });
  });

  it('DELETE deletes the listed IDs, or everything without a body (as Mailpit)', async () => {
    await withMail({}, async (mail) => {
      for (const n of [1, 2, 3]) await send(mail, { to: 'd@example.com', subject: `d${n}`, text: 'x' });
      const ids = (await getJson(mail, '/api/v1/messages')).body.messages.map((m: { ID: string }) => m.ID);

      const one = await fetch(`${mail.inboxUrl}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: [ids[1], 'unknownButWellFormed'] }) });
      expect(one.status).toBe(200);
      expect(await one.text()).toBe('ok');
      expect((await getJson(mail, '/api/v1/messages')).body.messages.map((m: { Subject: string }) => m.Subject)).toEqual(['d3', 'd1']);
      expect((await getJson(mail, `/api/v1/message/${ids[1]}`)).status).toBe(404);

      const all = await fetch(`${mail.inboxUrl}/api/v1/messages`, { method: 'DELETE' });
      expect(all.status).toBe(200);
      expect((await getJson(mail, '/api/v1/messages')).body).toMatchObject({ total: 0, unread: 0, messages: [] });
      expect((await getJson(mail, '/api/v1/message/latest')).status).toBe(404);
    });
  });

  it('Snippet: Mailpit\'s, the text with white space collapsed, cut at 200 bytes of UTF-8 (never inside a character) with "..."', async () => {
    await withMail({}, async (mail) => {
      await send(mail, { to: 's@example.com', subject: 'long', text: 'é😀\n'.repeat(150) });
      const [m] = (await getJson(mail, '/api/v1/messages')).body.messages;
      expect(m.Snippet).toBe(`${'é😀 '.repeat(28)}é...`);
      expect(Buffer.byteLength(m.Snippet.slice(0, -3))).toBe(198);
    });
  });

  it('keeps attachment descriptions, not their contents', async () => {
    await withMail({}, async (mail) => {
      await send(mail, { to: 'a@example.com', subject: 'files', text: 'see attached', attachments: [{ filename: 'report.txt', content: 'hello file' }] });
      const [summary] = (await getJson(mail, '/api/v1/messages')).body.messages;
      expect(summary.Attachments).toBe(1);
      const one = (await getJson(mail, `/api/v1/message/${summary.ID}`)).body;
      expect(one.Attachments).toEqual([{ PartID: '2', FileName: 'report.txt', ContentType: 'text/plain', ContentID: '', Size: 10 }]);
      expect(JSON.stringify(one)).not.toContain('hello file');
    });
  });
});

describe('API: bad requests', () => {
  it('answers 400 with a plain-text reason naming the parameter', async () => {
    await withMail({}, async (mail) => {
      const cases: Array<[string, string]> = [
        ['/api/v1/messages?limit=abc', 'limit: must be a whole number from 1 to 1000000'],
        ['/api/v1/messages?limit=0', 'limit: must be a whole number from 1 to 1000000'],
        ['/api/v1/messages?limit=1000001', 'limit: must be a whole number from 1 to 1000000'],
        ['/api/v1/messages?start=-1', 'start: must be a whole number from 0 to 1000000'],
        ['/api/v1/messages?start=1e3', 'start: must be a whole number from 0 to 1000000'],
        ['/api/v1/messages?before=2026-01-01', 'before: unknown (expected start, limit)'],
        ['/api/v1/search', 'query: is required, e.g. to:someone@example.com'],
        ['/api/v1/search?query=%20', 'query: must not be empty, e.g. to:someone@example.com'],
        [`/api/v1/search?query=${'a'.repeat(1001)}`, 'query: must be at most 1000 characters'],
        ['/api/v1/search?query=tag:otp', "query: the filter 'tag:' is not supported by this mail catcher; use to:, from:, cc:, bcc:, reply-to:, addressed:, subject:, message-id:, after:, before:, is:read, is:unread or words"],
        [
          '/api/v1/search?query=after:yesterday',
          `query: after: cannot read the date 'YESTERDAY'; use e.g. 2026-01-31, 2026-01-31T14:30, 2026-01-31T14:30:00Z, "2026-01-31 14:30" or 2026/1/31`,
        ],
        ['/api/v1/search?query=to:a&tz=Mars/Olympus_Mons', 'tz: must be a time zone of the IANA tz database, e.g. Pacific/Auckland or UTC'],
        [`/api/v1/search?query=to:a&tz=${'A'.repeat(MAX_TIME_ZONE_CHARS + 1)}`, `tz: must be at most ${MAX_TIME_ZONE_CHARS} characters`],
        ['/api/v1/messages?tz=UTC', 'tz: unknown (expected start, limit)'],
        ['/api/v1/message/not%20an%20id', "ID: must be a message ID (letters, digits, '-' and '_', up to 64) or 'latest'"],
        ['/api/v1/message/not%20an%20id/raw', "ID: must be a message ID (letters, digits, '-' and '_', up to 64) or 'latest'"],
        ['/api/v1/message/latest/raw?dl=1', 'dl: unknown (this endpoint takes no parameters)'],
        ['/api/v1/message/latest/headers?x=1', 'x: unknown (this endpoint takes no parameters)'],
        ['/api/v1/info?verbose=1', 'verbose: unknown (this endpoint takes no parameters)'],
      ];
      for (const [path, error] of cases) {
        const res = await fetch(mail.inboxUrl + path);
        expect({ path, status: res.status, type: res.headers.get('content-type'), body: await res.text() }).toEqual({ path, status: 400, type: 'text/plain; charset=UTF-8', body: error });
      }
    });
  });

  it('refuses a DELETE body that is not JSON or not {IDs}, and deletes nothing', async () => {
    await withMail({}, async (mail) => {
      await send(mail, { to: 'k@example.com', subject: 'keep me', text: 'x' });
      const cases: Array<[string, string]> = [
        ['{"IDs": [', 'body: must be JSON, e.g. {"IDs":["..."]}, or empty to delete every message'],
        ['{"ids": ["abc"]}', 'ids: unknown (expected IDs)'],
        ['{"IDs": "abc"}', 'IDs: Invalid input: expected array, received string'],
        ['{"IDs": ["../etc"]}', "IDs.0: must be message IDs (letters, digits, '-' and '_', up to 64)"],
      ];
      for (const [body, error] of cases) {
        const res = await fetch(`${mail.inboxUrl}/api/v1/messages`, { method: 'DELETE', body });
        expect({ body, status: res.status, text: await res.text() }).toEqual({ body, status: 400, text: error });
      }
      expect((await getJson(mail, '/api/v1/messages')).body.total).toBe(1);
    });
  });

  it('answers 404 for an unknown message ID and for unknown paths', async () => {
    await withMail({}, async (mail) => {
      const res = await getJson(mail, '/api/v1/message/AAAAAAAAAAAAAAAAAAAAAA');
      expect(res).toEqual({ status: 404, body: 'message not found: AAAAAAAAAAAAAAAAAAAAAA' });
      expect(await getJson(mail, '/api/v1/message/latest')).toEqual({ status: 404, body: 'the mailbox is empty' });
      for (const part of ['headers', 'raw']) {
        expect(await getJson(mail, `/api/v1/message/AAAAAAAAAAAAAAAAAAAAAA/${part}`)).toEqual({ status: 404, body: 'message not found: AAAAAAAAAAAAAAAAAAAAAA' });
        expect(await getJson(mail, `/api/v1/message/latest/${part}`)).toEqual({ status: 404, body: 'the mailbox is empty' });
      }
      expect(await getJson(mail, '/api/v1/nothing')).toEqual({ status: 404, body: '404 page not found' });
    });
  });
});
