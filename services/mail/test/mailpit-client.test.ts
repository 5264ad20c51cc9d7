// The published Mailpit client (mailpit-api on npm) against the catcher, unchanged: what it sends is
// what it sends to Mailpit, and the answers have the field names and shapes of Mailpit's swagger.json.
import { describe, expect, it } from '@rstest/core';
import { DateTime } from 'luxon';
import { MailpitClient } from 'mailpit-api';
import { CATCHER_VERSION, IN_MEMORY_DATABASE, LATEST_VERSION_DISABLED } from '../src/info';
import { send, withMail } from './helpers';

/** AppInformation's properties in Mailpit's swagger.json (definitions.AppInformation). */
const APP_INFORMATION_KEYS = ['Database', 'DatabaseSize', 'LatestVersion', 'Messages', 'RuntimeStats', 'Tags', 'Unread', 'Version'];
const RUNTIME_STATS_KEYS = ['Memory', 'MessagesDeleted', 'SMTPAccepted', 'SMTPAcceptedSize', 'SMTPIgnored', 'SMTPRejected', 'Uptime'];

/** A message source with a folded header, a repeated one, an encoded word, lower-case names and a dot-stuffed line. */
const SOURCE = [
  'From: Portico <no-reply@portico.test>',
  'To: Headers <headers@example.com>',
  'Subject: =?UTF-8?Q?caf=C3=A9?=',
  'Message-ID: <headers-1@portico.test>',
  'Date: Sat, 31 Jan 2026 12:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  'X-Folded: first part',
  '\t  second part  ',
  'x-lower-case: yes',
  'Received: from a',
  'Received: from b',
  '',
  'Hello headers.',
  '.a line that starts with a dot',
  '',
].join('\r\n');

const sendSource = (mail: Parameters<typeof send>[0]) =>
  send(mail, { envelope: { from: 'no-reply@portico.test', to: ['headers@example.com'] }, raw: SOURCE });

describe('mailpit-api (the npm Mailpit client) against the catcher', () => {
  it('getMessageSource: the source as received, as text/plain; getMessageHeaders: name → values, as Go reads them', async () => {
    await withMail({}, async (mail) => {
      const client = new MailpitClient(mail.inboxUrl);
      await sendSource(mail);
      const { ID } = (await client.listMessages()).messages[0]!;

      expect(await client.getMessageSource(ID)).toBe(SOURCE);
      expect(await client.getMessageSource()).toBe(SOURCE); // 'latest'
      const raw = await fetch(`${mail.inboxUrl}/api/v1/message/${ID}/raw`);
      expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');

      const headers = await client.getMessageHeaders(ID);
      expect(headers).toEqual({
        'Content-Type': ['text/plain; charset=utf-8'],
        Date: ['Sat, 31 Jan 2026 12:00:00 +0000'],
        From: ['Portico <no-reply@portico.test>'],
        'Message-Id': ['<headers-1@portico.test>'],
        'Mime-Version': ['1.0'],
        Received: ['from a', 'from b'],
        Subject: ['=?UTF-8?Q?caf=C3=A9?='],
        To: ['Headers <headers@example.com>'],
        'X-Folded': ['first part second part'],
        'X-Lower-Case': ['yes'],
      });
      // Alphabetical, as Mailpit's JSON map.
      expect(Object.keys(headers)).toEqual(Object.keys(headers).sort());
      expect(await client.getMessageHeaders()).toEqual(headers);

      // Reading the source or the headers does not mark the message read (as in Mailpit).
      expect((await client.getInfo()).Unread).toBe(1);
      expect((await client.getMessageSummary(ID)).Subject).toBe('café');
      expect((await client.getInfo()).Unread).toBe(0);
    });
  });

  it('getInfo: AppInformation with the catcher\'s counts', async () => {
    await withMail({ limits: { maxMessageBytes: 2048 } }, async (mail) => {
      const client = new MailpitClient(mail.inboxUrl);
      const empty = await client.getInfo();
      expect(Object.keys(empty).sort()).toEqual(APP_INFORMATION_KEYS);
      expect(Object.keys(empty.RuntimeStats).sort()).toEqual(RUNTIME_STATS_KEYS);
      expect(empty).toMatchObject({
        Version: CATCHER_VERSION,
        LatestVersion: LATEST_VERSION_DISABLED,
        Database: IN_MEMORY_DATABASE,
        DatabaseSize: 0,
        Messages: 0,
        Unread: 0,
        Tags: {},
        RuntimeStats: { MessagesDeleted: 0, SMTPAccepted: 0, SMTPAcceptedSize: 0, SMTPRejected: 0, SMTPIgnored: 0 },
      });
      expect(Number.isInteger(empty.RuntimeStats.Uptime) && empty.RuntimeStats.Uptime >= 0).toBe(true);
      expect(empty.RuntimeStats.Memory).toBeGreaterThan(0);

      await sendSource(mail);
      await send(mail, { to: 'second@example.com', subject: 'second', text: 'two' });
      await expect(send(mail, { to: 'big@example.com', subject: 'big', text: 'x'.repeat(4096) })).rejects.toMatchObject({ responseCode: 552 });
      const sizes = (await client.listMessages()).messages.map((m) => m.Size);
      const total = sizes[0]! + sizes[1]!;
      expect(await client.getInfo()).toMatchObject({
        DatabaseSize: total,
        Messages: 2,
        Unread: 2,
        RuntimeStats: { MessagesDeleted: 0, SMTPAccepted: 2, SMTPAcceptedSize: total, SMTPRejected: 1 },
      });

      await client.deleteMessages();
      expect(await client.getInfo()).toMatchObject({ DatabaseSize: 0, Messages: 0, RuntimeStats: { MessagesDeleted: 2, SMTPAccepted: 2 } });
    });
  });

  it('searchMessages with tz: after:/before: dates without an offset are read in that time zone', async () => {
    await withMail({}, async (mail) => {
      const client = new MailpitClient(mail.inboxUrl);
      await send(mail, { to: 'dated@example.com', subject: 'dated', text: 'now' });
      const aucklandWallClock = (minutes: number) => DateTime.now().setZone('Pacific/Auckland').plus({ minutes }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
      const query = `to:dated@example.com after:${aucklandWallClock(-1)} before:${aucklandWallClock(1)}`;

      const inAuckland = await client.searchMessages({ query, tz: 'Pacific/Auckland' });
      expect(inAuckland).toMatchObject({ messages_count: 1, messages: [{ Subject: 'dated' }] });
      // Read as UTC, Auckland's wall clock (12 or 13 hours ahead) is hours from now: nothing matches.
      expect(await client.searchMessages({ query, tz: 'UTC' })).toMatchObject({ messages_count: 0, messages: [] });

      const waited = await client.waitForMessage({ query: `after:${aucklandWallClock(-1)}`, tz: 'Pacific/Auckland' }, { timeout: 2000, interval: 50 });
      expect(waited.Subject).toBe('dated');
    });
  });
});
