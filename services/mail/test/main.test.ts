// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and SMTP_PORT.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli } from '@portico/service-kit/testing';
import nodemailer from 'nodemailer';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('starts on the given ports, prints both URLs, catches mail, stops on SIGTERM', async () => {
    const p = runServiceCli(PACKAGE, { HOST: '127.0.0.1', PORT: '0', SMTP_PORT: '0', MAIL_LIMIT_MAX_MESSAGES: '5' });
    const inboxUrl = (await p.waitForStdout(/Inbox (http:\/\/\S+)/))[1]!;
    const smtpUrl = new URL(/SMTP +(smtp:\/\/\S+)/.exec(p.stdout())![1]!);
    const transport = nodemailer.createTransport({ host: smtpUrl.hostname, port: Number(smtpUrl.port), ignoreTLS: true });
    await transport.sendMail({ from: 'a@portico.test', to: 'cli@example.com', subject: 'from the CLI test', text: 'hi' });
    transport.close();
    const list = (await (await fetch(`${inboxUrl}/api/v1/search?query=to:cli@example.com`)).json()) as { messages: Array<{ Subject: string }> };
    expect(list.messages.map((m) => m.Subject)).toEqual(['from the CLI test']);
    expect(p.stderr()).toContain('to cli@example.com: "from the CLI test"');
    expect(await p.stop()).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORT: 'http' }, 'mail: bad environment: PORT must be a port number 0–65535'],
      [{ SMTP_PORT: '70000' }, 'mail: bad environment: SMTP_PORT must be a port number 0–65535'],
      [{ MAIL_LIMIT_MAX_MESSAGES: 'many' }, 'mail: bad environment: MAIL_LIMIT_MAX_MESSAGES must be a positive integer, got "many"'],
      [{ MAIL_ALLOW_REMOTE: 'yes' }, "mail: bad environment: MAIL_ALLOW_REMOTE must be '0' or '1'"],
    ]);
    expect(actual).toEqual(expected);
  });
});
