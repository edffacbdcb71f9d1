import { SMTPServer } from 'smtp-server';
import { freePort } from '@turnbook/test-kit';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for `toContain` checks. */
  body: string;
  /** Files sent with it, their content as text. */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/**
 * A real SMTP server for tests (plain, no auth) that keeps what it receives. `failNext(n)` makes the
 * next n messages fail with a temporary error, like a mail server having a bad moment.
 */
export async function startSmtpSink() {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          attachments: attachmentsOf(raw),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: header(raw, 'from'),
          subject: header(raw, 'subject'),
          body: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address: string) => mails.filter((m) => m.to.includes(address)),
    failNext(n: number) {
      failures = n;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** The attachments of a MIME message: each part whose Content-Disposition is attachment, decoded. */
function attachmentsOf(raw: string): ReceivedMail['attachments'] {
  const boundaries = [...raw.matchAll(/boundary="?([^"\r\n;]+)"?/gi)].map((m) => m[1]);
  if (!boundaries.length) return [];
  const parts = raw.split(new RegExp(`\\r?\\n--(?:${boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:--)?`));
  return parts.flatMap((part) => {
    const [head, ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    const field = (name: string) => headers.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? '';
    const disposition = field('content-disposition');
    if (!/^attachment/i.test(disposition)) return [];
    const body = rest.join('\r\n\r\n');
    const encoding = field('content-transfer-encoding').toLowerCase();
    const content = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
    return [{ filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '', contentType: field('content-type'), content }];
  });
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
