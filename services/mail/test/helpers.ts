/** A catcher on free ports, real mail through nodemailer, a raw SMTP line client, HTTP helpers. */
import { request as httpRequest } from 'node:http';
import { createConnection, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { startMail, type RunningMail, type StartMailOptions } from '../src/server';

/** Runs `fn` against a catcher started with `options` on free ports, then closes it. */
export async function withMail(options: StartMailOptions, fn: (mail: RunningMail) => Promise<void>): Promise<void> {
  const mail = await startMail({ smtpPort: 0, httpPort: 0, ...options });
  try {
    await fn(mail);
  } finally {
    await mail.close();
  }
}

/** Sends `message` over SMTP with nodemailer (plain, no TLS: the catcher offers none). */
export async function send(mail: RunningMail, message: Mail.Options) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mail.smtpPort, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ from: 'Portico <no-reply@portico.test>', ...message });
  } finally {
    transport.close();
  }
}

export async function getJson(mail: RunningMail, path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(mail.inboxUrl + path);
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text };
}

/** An HTTP request with any Host header (fetch would not let a test choose it). */
export function requestWithHost(mail: RunningMail, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: mail.httpPort, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw SMTP session: `reply()` waits for the next complete reply (multi-line ones joined). */
export interface SmtpLines {
  socket: Socket;
  reply(): Promise<string>;
  command(line: string): Promise<string>;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

export function smtpLines(port: number): Promise<SmtpLines> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let buffer = '';
    const replies: string[] = [];
    const waiting: Array<(r: string) => void> = [];
    let current: string[] = [];
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        current.push(line);
        if (line[3] === '-') continue; // "250-..." continues the reply
        const reply = current.join('\n');
        current = [];
        const w = waiting.shift();
        if (w) w(reply);
        else replies.push(reply);
      }
    });
    socket.once('error', reject);
    const reply = () => new Promise<string>((r) => (replies.length ? r(replies.shift()!) : waiting.push(r)));
    socket.once('connect', () =>
      resolve({
        socket,
        reply,
        command: (line) => {
          socket.write(`${line}\r\n`);
          return reply();
        },
        closed,
      }),
    );
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
