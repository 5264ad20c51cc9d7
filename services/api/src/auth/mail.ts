/**
 * Outgoing mail over SMTP (nodemailer): the one-time code and the device approval link. Plain text
 * first, with a simple HTML part that says the same; nothing remote is loaded.
 */
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A mail server that does not answer must not hold a login request for minutes (nodemailer's defaults).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#141414">${body}</body></html>`;
}

export type CodePurpose = 'login' | 'update-primary' | 'update-secondary' | 'export';

const CODE_REASON: Record<CodePurpose, string> = {
  login: 'sign in',
  'update-primary': 'confirm changing your email address',
  'update-secondary': 'confirm this new email address',
  export: "show your wallet's private key",
};

const CODE_SUBJECT: Record<CodePurpose, string> = {
  login: 'Your Portico sign-in code',
  'update-primary': 'Your Portico email change code',
  'update-secondary': 'Your Portico email change code',
  export: 'Your Portico key export code',
};

/** The six digits, what they are for, the app (project) and how long they last. */
export function codeMail(input: { to: string; code: string; purpose: CodePurpose; projectId: string; ttlS: number }): OutgoingMail {
  const minutes = Math.ceil(input.ttlS / 60);
  const reason = CODE_REASON[input.purpose];
  const subject = CODE_SUBJECT[input.purpose];
  const note = "If you did not ask for it, ignore this mail: nothing happens without the code.";
  return {
    to: input.to,
    subject,
    text: `Your code to ${reason} in ${input.projectId} is:\n\n${input.code}\n\nIt expires in ${minutes} minutes. ${note}\n`,
    html: html(
      subject,
      `<p>Your code to ${escape(reason)} in <strong>${escape(input.projectId)}</strong> is:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:4px;font-family:ui-monospace,monospace">${escape(input.code)}</p>
<p>It expires in ${minutes} minutes. ${escape(note)}</p>`,
    ),
  };
}

/** The approval link for a browser not yet verified for this address. */
export function deviceMail(input: { to: string; link: string; projectId: string; ttlS: number }): OutgoingMail {
  const minutes = Math.ceil(input.ttlS / 60);
  const subject = 'Approve your new device for Portico';
  const note = 'If this was not you, ignore this mail: the device stays unapproved.';
  return {
    to: input.to,
    subject,
    text: `A new device asked to sign in to ${input.projectId} with this email address. To approve it, open this link:\n\n${input.link}\n\nThe link works once and expires in ${minutes} minutes. ${note}\n`,
    html: html(
      subject,
      `<p>A new device asked to sign in to <strong>${escape(input.projectId)}</strong> with this email address.</p>
<p><a href="${escape(input.link)}">Approve this device</a></p>
<p>Or copy this link into your browser: ${escape(input.link)}</p>
<p>The link works once and expires in ${minutes} minutes. ${escape(note)}</p>`,
    ),
  };
}
