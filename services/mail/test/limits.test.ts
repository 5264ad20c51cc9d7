// One test (at least) per limit of limits.ts, plus the HTTP bounds of http.ts.
import { describe, expect, it } from '@rstest/core';
import { deleteBodyBytes } from '../src/http';
import { DEFAULT_LIMITS, limitEnvName, limitsFromEnv, resolveLimits } from '../src/limits';
import { startMail } from '../src/server';
import { getJson, send, sleep, smtpLines, withMail } from './helpers';

const subjects = (body: { messages: Array<{ Subject: string }> }) => body.messages.map((m) => m.Subject);

describe('limits: SMTP', () => {
  it('maxMessageBytes: SIZE is advertised; a bigger message gets 552 and is not stored', async () => {
    await withMail({ limits: { maxMessageBytes: 2048 } }, async (mail) => {
      const session = await smtpLines(mail.smtpPort);
      expect(await session.reply()).toMatch(/^220 /);
      expect(await session.command('EHLO test')).toMatch(/^250[ -]SIZE 2048$/m);
      // Declared up front (RFC 1870): refused at MAIL FROM.
      expect(await session.command('MAIL FROM:<a@portico.test> SIZE=4096')).toBe('552 Error: message exceeds fixed maximum message size 2048');
      session.socket.end();

      // Not declared (nodemailer streams it): refused after DATA.
      const big = send(mail, { to: 'big@example.com', subject: 'big', text: 'x'.repeat(4096) });
      await expect(big).rejects.toMatchObject({ responseCode: 552, response: expect.stringContaining('message exceeds fixed maximum message size 2048') });
      await send(mail, { to: 'small@example.com', subject: 'small', text: 'x'.repeat(512) });
      expect(subjects((await getJson(mail, '/api/v1/messages')).body)).toEqual(['small']);
    });
  });

  it('maxMessages: the oldest message is dropped for a new one', async () => {
    await withMail({ limits: { maxMessages: 3 } }, async (mail) => {
      await send(mail, { to: 'n@example.com', subject: 'm1', text: '1' });
      const firstId = (await getJson(mail, '/api/v1/messages')).body.messages[0].ID;
      for (const n of [2, 3, 4, 5]) await send(mail, { to: 'n@example.com', subject: `m${n}`, text: `${n}` });
      const list = (await getJson(mail, '/api/v1/messages')).body;
      expect(list.total).toBe(3);
      expect(subjects(list)).toEqual(['m5', 'm4', 'm3']);
      expect((await getJson(mail, `/api/v1/message/${firstId}`)).status).toBe(404);
    });
  });

  it('maxStoredBytes: the oldest messages are dropped until the sizes fit', async () => {
    await withMail({ limits: { maxMessageBytes: 2000, maxStoredBytes: 3000 } }, async (mail) => {
      for (const n of [1, 2, 3]) await send(mail, { to: 'b@example.com', subject: `b${n}`, text: 'y'.repeat(1000) });
      const list = (await getJson(mail, '/api/v1/messages')).body;
      expect(subjects(list)).toEqual(['b3', 'b2']);
      expect(list.messages[0].Size + list.messages[1].Size).toBeLessThanOrEqual(3000);
    });
  });

  it('maxRecipients: RCPT TO past the limit gets 452; the message goes to the accepted ones', async () => {
    await withMail({ limits: { maxRecipients: 2 } }, async (mail) => {
      const info = await send(mail, { to: ['r1@example.com', 'r2@example.com', 'r3@example.com'], subject: 'many', text: 'x' });
      expect(info.accepted).toEqual(['r1@example.com', 'r2@example.com']);
      expect(info.rejected).toEqual(['r3@example.com']);
      expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 452, response: expect.stringContaining('too many recipients') });
    });
  });

  it('maxConnections: one connection more gets 421 and is closed', async () => {
    await withMail({ limits: { maxConnections: 2 } }, async (mail) => {
      const open = [await smtpLines(mail.smtpPort), await smtpLines(mail.smtpPort)];
      for (const s of open) expect(await s.reply()).toMatch(/^220 /);
      const extra = await smtpLines(mail.smtpPort);
      expect(await extra.reply()).toMatch(/^421 .*Too many connected clients/);
      await extra.closed;
      for (const s of open) s.socket.end();
      await Promise.all(open.map((s) => s.closed));
      await sleep(50);
      await send(mail, { to: 'c@example.com', subject: 'after', text: 'x' });
      expect((await getJson(mail, '/api/v1/messages')).body.total).toBe(1);
    });
  });

  it('idleTimeoutMs: a silent connection is closed with 421', async () => {
    await withMail({ limits: { idleTimeoutMs: 300 } }, async (mail) => {
      const s = await smtpLines(mail.smtpPort);
      expect(await s.reply()).toMatch(/^220 /);
      const started = Date.now();
      expect(await s.reply()).toBe('421 Timeout - closing connection');
      await s.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    });
  });
});

describe('limits: HTTP', () => {
  it('a DELETE body over deleteBodyBytes gets 413 and deletes nothing', async () => {
    await withMail({ limits: { maxMessages: 10 } }, async (mail) => {
      await send(mail, { to: 'k@example.com', subject: 'keep', text: 'x' });
      const size = deleteBodyBytes({ maxMessages: 10 });
      const res = await fetch(`${mail.inboxUrl}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: ['a'.repeat(size)] }) });
      expect(res.status).toBe(413);
      expect(await res.text()).toBe(`body: must be at most ${size} bytes`);
      const many = await fetch(`${mail.inboxUrl}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: Array.from({ length: 11 }, (_, i) => `id${i}`) }) });
      expect(many.status).toBe(400);
      expect(await many.text()).toBe('IDs: must list at most 10 IDs');
      expect((await getJson(mail, '/api/v1/messages')).body.total).toBe(1);
    });
  });
});

describe('limits: configuration', () => {
  it('resolveLimits: defaults, overrides, and refusals', () => {
    expect(resolveLimits()).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toMatchObject({ maxMessageBytes: 1024 * 1024, maxMessages: 1000 });
    expect(resolveLimits({ maxMessages: 5 }).maxMessages).toBe(5);
    expect(() => resolveLimits({ maxMessages: 0 })).toThrow('mail limits: maxMessages: Too small: expected number to be >0');
    expect(() => resolveLimits({ maxMessages: 1.5 })).toThrow('mail limits: maxMessages');
    expect(() => resolveLimits({ maxMesages: 5 })).toThrow('mail limits: maxMesages: Unrecognized key');
    expect(() => resolveLimits({ maxMessageBytes: 2000, maxStoredBytes: 1000 })).toThrow('maxMessageBytes: must not exceed maxStoredBytes');
  });

  it('limitsFromEnv: MAIL_LIMIT_* names, positive integers only', () => {
    expect(limitEnvName('maxMessageBytes')).toBe('MAIL_LIMIT_MAX_MESSAGE_BYTES');
    expect(limitsFromEnv({ MAIL_LIMIT_MAX_MESSAGES: '20', MAIL_LIMIT_IDLE_TIMEOUT_MS: '5000', MAIL_LIMIT_MAX_RECIPIENTS: '', PATH: '/bin' })).toEqual({ maxMessages: 20, idleTimeoutMs: 5000 });
    expect(() => limitsFromEnv({ MAIL_LIMIT_MAX_MESSAGES: '-1' })).toThrow('MAIL_LIMIT_MAX_MESSAGES must be a positive integer, got "-1"');
    expect(() => limitsFromEnv({ MAIL_LIMIT_MAX_MESSAGES: '0' })).toThrow('maxMessages: Too small');
    expect(() => limitsFromEnv({ MAIL_LIMIT_MAX_MAILS: '3' })).toThrow('MAIL_LIMIT_MAX_MAILS is not a mail limit; known: MAIL_LIMIT_MAX_MESSAGE_BYTES,');
  });

  it('startMail refuses a host that is not loopback unless allowRemote', async () => {
    await expect(startMail({ host: '0.0.0.0', smtpPort: 0, httpPort: 0 })).rejects.toThrow('mail: refusing to listen on 0.0.0.0');
    await expect(startMail({ smtpPort: 0, httpPort: 0, limits: { maxMessages: -1 } })).rejects.toThrow('mail limits: maxMessages');
  });
});
