/**
 * Test double: a tiny SMTP receiver on a free port (plain SMTP, no TLS, no auth: EHLO, MAIL, RCPT,
 * DATA, RSET, NOOP, QUIT) that keeps each message and decodes its text part (7bit, quoted-printable
 * or base64, multipart or not), so a test reads the code or the link out of a real mail.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  url: string;
  /** Every mail received so far, oldest first. */
  mails: ReceivedMail[];
  /** The next mail to `to` not yet taken (waits up to 5 s for it). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function headers(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) map.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

function decode(body: string, encoding = '7bit'): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    // As percent-encoding, so multi-byte UTF-8 sequences decode in one go.
    const escaped = body.replace(/=\r\n/g, '').replace(/%/g, '%25').replace(/=([0-9A-F]{2})/gi, '%$1');
    return decodeURIComponent(escaped);
  }
  return body;
}

/** The decoded text/plain and text/html parts of a raw message. */
function parts(raw: string): { head: Map<string, string>; text: string; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = headers(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const type = head.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const out = { head, text: '', html: '' };
  if (!boundary) {
    const decoded = decode(body, head.get('content-transfer-encoding'));
    if (type.startsWith('text/html')) out.html = decoded;
    else out.text = decoded;
    return out;
  }
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const inner = parts(chunk.replace(/^\r\n/, ''));
    out.text ||= inner.text;
    out.html ||= inner.html;
  }
  return out;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let data: string[] | undefined;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            const raw = data.join('\r\n');
            const { head, text, html } = parts(raw);
            mails.push({ to, subject: head.get('subject') ?? '', text, html });
            data = undefined;
            to = [];
            reply('250 OK queued');
            waiters.splice(0).forEach((wake) => wake());
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(address) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mail = mails.find((m) => !taken.has(m) && m.to.includes(address));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within 5 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The six-digit code in a code mail. */
export function codeIn(mail: ReceivedMail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

/** The approval link in a device mail. */
export function linkIn(mail: ReceivedMail): string {
  const link = /(https?:\/\/\S+\/v1\/auth\/device\/approve\?token=[\w-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no approval link in mail: ${mail.text}`);
  return link;
}
