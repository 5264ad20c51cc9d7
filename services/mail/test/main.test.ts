// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and SMTP_PORT.
import { spawn } from 'node:child_process';
import { describe, expect, it } from '@rstest/core';
import nodemailer from 'nodemailer';

const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

function run(env: Record<string, string>) {
  const child = spawn(TSX, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('main (CLI)', () => {
  it('starts on the given ports, prints both URLs, catches mail, stops on SIGTERM', async () => {
    const p = run({ HOST: '127.0.0.1', PORT: '0', SMTP_PORT: '0', MAIL_LIMIT_MAX_MESSAGES: '5' });
    const deadline = Date.now() + 20_000;
    while (!/Inbox http:\/\/\S+/.test(p.out()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const smtpUrl = new URL(/SMTP +(smtp:\/\/\S+)/.exec(p.out())![1]!);
    const inboxUrl = /Inbox (http:\/\/\S+)/.exec(p.out())![1]!;
    const transport = nodemailer.createTransport({ host: smtpUrl.hostname, port: Number(smtpUrl.port), ignoreTLS: true });
    await transport.sendMail({ from: 'a@portico.test', to: 'cli@example.com', subject: 'from the CLI test', text: 'hi' });
    transport.close();
    const list = (await (await fetch(`${inboxUrl}/api/v1/search?query=to:cli@example.com`)).json()) as { messages: Array<{ Subject: string }> };
    expect(list.messages.map((m) => m.Subject)).toEqual(['from the CLI test']);
    expect(p.err()).toContain('to cli@example.com: "from the CLI test"');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const cases = [
      [{ PORT: 'http' }, 'mail: bad environment: PORT must be a port number 0–65535'],
      [{ SMTP_PORT: '70000' }, 'mail: bad environment: SMTP_PORT must be a port number 0–65535'],
      [{ MAIL_LIMIT_MAX_MESSAGES: 'many' }, 'mail: bad environment: MAIL_LIMIT_MAX_MESSAGES must be a positive integer, got "many"'],
      [{ MAIL_ALLOW_REMOTE: 'yes' }, "mail: bad environment: MAIL_ALLOW_REMOTE must be '0' or '1'"],
    ] as const;
    const results = await Promise.all(
      cases.map(async ([env]) => {
        const p = run(env);
        return { env, code: await p.exited, err: p.err().trim() };
      }),
    );
    expect(results).toEqual(cases.map(([env, err]) => ({ env, code: 2, err })));
  });
});
