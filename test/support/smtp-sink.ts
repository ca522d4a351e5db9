// A local SMTP sink for tests (smtp-server on a loopback port, no TLS, no authentication): keeps every message
// it accepts (envelope recipients and the raw MIME text), and can refuse the next N messages with a 451, as a
// busy server does. Also reads a message's PDF attachment back out of the MIME text.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as sent (latin1, so base64 parts stay byte-exact). */
  raw: string;
}

export interface SmtpSink {
  port: number;
  inbox: ReceivedMail[];
  /** Answers the next `n` messages with `451 mailbox busy, try again later`. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const inbox: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          cb(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        cb();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    port: (server.server.address() as AddressInfo).port,
    inbox,
    refuseNext: (n) => {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of the message's PDF attachment (base64 in its MIME part); null when it has none. */
export function attachedPdf(raw: string): Buffer | null {
  const m = /Content-Type: application\/pdf[^\r\n]*(?:\r?\n[^\r\n]+)*\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
    raw,
  );
  return m === null ? null : Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64');
}
