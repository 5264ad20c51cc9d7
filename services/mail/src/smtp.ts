/**
 * The SMTP side: accepts any sender and recipient and stores the message.
 *
 * DEVELOPMENT AND TESTS ONLY: no authentication and no TLS (plain text on the wire, STARTTLS is
 * not offered), and nothing is delivered anywhere. It listens on loopback unless told otherwise;
 * never expose it to a network. Production mail goes to a real SMTP relay (services/api's SMTP setting).
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { SmtpCounters } from './info';
import type { MailLimits } from './limits';
import { parseMessage, type StoredMessage } from './message';
import type { MessageStore } from './store';

export interface SmtpOptions {
  store: MessageStore;
  limits: MailLimits;
  counters: SmtpCounters;
  /** One line per accepted or refused message. */
  log: (line: string) => void;
}

/** Reads the DATA stream, keeping no more than `maxBytes` + 1 bytes (smtp-server refuses the rest). */
async function readLimited(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (kept > maxBytes) continue; // drain: the client is still sending
    chunks.push(chunk);
    kept += chunk.byteLength;
  }
  return Buffer.concat(chunks);
}

/** An SMTP error reply (smtp-server sends `responseCode` and the message). */
const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

export function createSmtpServer({ store, limits, counters, log }: SmtpOptions): SMTPServer {
  /** Stores one message; resolves with the 250 reply text, rejects with an SMTP error. */
  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    let raw: Buffer;
    try {
      raw = await readLimited(stream, limits.maxMessageBytes);
    } catch (err) {
      log(`mail: could not read a message: ${(err as Error).message}`);
      throw smtpError(451, 'Error: message could not be read');
    }
    if (stream.sizeExceeded) {
      log(`mail: refused a message of over ${limits.maxMessageBytes} bytes`);
      // smtp-server itself answers 552 for an oversized message; this keeps it out of the store.
      throw smtpError(552, `Error: message exceeds fixed maximum message size ${limits.maxMessageBytes}`);
    }
    const envelope = {
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      to: session.envelope.rcptTo.map((r) => r.address),
    };
    let message: StoredMessage;
    try {
      message = await parseMessage(raw, envelope, new Date());
    } catch (err) {
      log(`mail: could not parse a message: ${(err as Error).message}`);
      throw smtpError(554, 'Error: message could not be parsed');
    }
    store.add(message);
    counters.countAccepted(message.Size);
    log(`mail: ${message.ID} to ${envelope.to.join(', ')}: ${JSON.stringify(message.Subject)}`);
    return `OK: queued as ${message.ID}`;
  }

  return new SMTPServer({
    name: 'portico-mail',
    banner: 'Portico mail catcher (development only, mail is not delivered)',
    // No AUTH and no STARTTLS: see the module comment.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // SIZE is advertised in EHLO; a larger `MAIL FROM ... SIZE=` or DATA gets 552 from smtp-server.
    size: limits.maxMessageBytes,
    maxRecipients: limits.maxRecipients,
    maxClients: limits.maxConnections,
    socketTimeout: limits.idleTimeoutMs,
    // On close, open sessions get 1 s (not smtp-server's 30 s) before 421: nothing here is worth waiting for.
    closeTimeout: 1000,
    // smtp-server's own logger would print every command; the catcher logs one line per message.
    logger: false,
    // No reverse DNS of each client: the catcher runs offline and the name is not used.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      receive(stream, session).then(
        (reply) => callback(null, reply),
        (err: Error) => {
          counters.countRejected();
          callback(err);
        },
      );
    },
  });
}
