import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Delivery {
  /** When the server accepted the message (ms since the epoch). */
  at: number;
  to: string[];
  messageId: string | undefined;
}

const MESSAGE_ID = /^Message-ID:\s*(<[^>\r\n]+>)/im;

/**
 * The bench's and the fault run's mail server (npm smtp-server on loopback): records every accepted message and can be
 * taken down — the port closes and open connections drop, as when a mail server crashes — and back up
 * on the same port.
 */
export class SmtpSink {
  readonly deliveries: Delivery[] = [];
  private server: SMTPServer | undefined;
  private constructor(
    public port: number,
    /** How long the server takes to accept a message, as a real one does (queue file, fsync). */
    private readonly acceptMs: number,
  ) {}

  static async start(acceptMs: number): Promise<SmtpSink> {
    const smtp = new SmtpSink(0, acceptMs);
    await smtp.up();
    return smtp;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (this.server) return;
    const closed = new Set<string>();
    const server: SMTPServer = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 1,
      // A message counts as delivered only when its 250 can still reach the client: the server taken
      // down or the client gone (killed) during the accept delay means the client never learns of it and
      // will rightly send it again, so recording it would count a copy no real server would have queued.
      onClose: (session) => {
        closed.add(session.id);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () =>
          setTimeout(() => {
            if (this.server !== server || closed.has(session.id)) {
              const gone = new Error('Server shutting down') as Error & { responseCode: number };
              gone.responseCode = 421;
              callback(gone);
              return;
            }
            // Headers are enough to tell the message by its Message-ID.
            const head =
              Buffer.concat(chunks)
                .toString('utf8')
                .split(/\r?\n\r?\n/, 1)[0] ?? '';
            this.deliveries.push({
              at: Date.now(),
              to: session.envelope.rcptTo.map((r) => r.address),
              messageId: MESSAGE_ID.exec(head)?.[1],
            });
            callback();
          }, this.acceptMs),
        );
      },
    });
    // A client killed mid-session resets its connection: expected here, not a reason to crash.
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
