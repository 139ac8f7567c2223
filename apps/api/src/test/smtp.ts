import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

const listen = (server: net.Server | SMTPServer, port: number) =>
  new Promise<void>((resolve, reject) => {
    const s = server instanceof SMTPServer ? server.server : server;
    s.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      s.off('error', reject);
      resolve();
    });
  });

const close = (server: net.Server | SMTPServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * A real SMTP server (npm smtp-server) on a port of its own that can be taken down and brought up again.
 * While down, a plain TCP listener keeps the port and drops every connection — to a mail client that is
 * a mail server that is down — so no test running in parallel can take the port in the meantime (a
 * probed "free" port can be handed out twice).
 */
export class TestSmtp {
  readonly inbox: ReceivedMail[] = [];
  /** Connections the server has accepted. */
  connections = 0;
  /** The most messages the server was receiving at one moment. */
  maxInFlight = 0;
  /**
   * When set, accepted messages are held until this many are in flight at once, then all answered: a
   * client that sends one at a time never gets there (after 10 s the server gives up holding: long enough
   * for a parallel client on a loaded machine, where 2 s left little room).
   */
  gate: number | undefined;
  /** A recipient the server rejects (550), as for a mailbox that does not exist. */
  refuse: string | undefined;
  private inFlight = 0;
  private held: Array<() => void> = [];
  private holder: net.Server | undefined;
  private smtp: SMTPServer | undefined;

  private constructor(readonly port: number) {}

  /** Starts down. */
  static async create(): Promise<TestSmtp> {
    const holder = net.createServer((socket) => socket.destroy());
    await listen(holder, 0);
    const t = new TestSmtp((holder.address() as AddressInfo).port);
    t.holder = holder;
    return t;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (this.smtp) return;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Going down drops open connections at once, as a crashed server would (default: 30 s of grace).
      closeTimeout: 1,
      onRcptTo: (address, _session, callback) => {
        if (address.address === this.refuse)
          return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        callback();
      },
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onData: (stream, session, callback) => {
        this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.hold(() => {
            this.inFlight--;
            this.inbox.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        });
      },
    });
    if (this.holder) await close(this.holder);
    this.holder = undefined;
    await listen(smtp, this.port);
    this.smtp = smtp;
  }

  private hold(accept: () => void): void {
    if (this.gate === undefined) return accept();
    this.held.push(accept);
    if (this.held.length === 1) setTimeout(() => this.release(), 10_000).unref();
    if (this.held.length >= this.gate) this.release();
  }

  private release(): void {
    this.gate = undefined;
    for (const accept of this.held.splice(0)) accept();
  }

  async down(): Promise<void> {
    if (!this.smtp) return;
    await close(this.smtp);
    this.smtp = undefined;
    const holder = net.createServer((socket) => socket.destroy());
    await listen(holder, this.port);
    this.holder = holder;
  }

  async close(): Promise<void> {
    if (this.smtp) await close(this.smtp);
    if (this.holder) await close(this.holder);
    this.smtp = this.holder = undefined;
  }
}
