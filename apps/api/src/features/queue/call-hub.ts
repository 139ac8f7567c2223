import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DisplayCall } from '@balie/shared';
import type { Database } from '../../db/client.js';
import { QUEUE_CHANNEL } from './repository.js';

/** What a call's NOTIFY carries: the location and the call as the displays show it (no personal data). */
export interface CallNotice {
  locationId: number;
  call: DisplayCall;
}

interface Subscriber {
  locationId: number;
  onCall: (call: DisplayCall) => void;
  /** The hub lost its connection: the stream ends, so the display reconnects and reads the state again. */
  onLost: () => void;
}

/** How long the hub waits before listening again after its connection dropped, at most. */
const RETRY_MAX_MS = 10_000;

/**
 * Every API process's fan-out of calls to the displays connected to it (DESIGN §1: no in-process state
 * decides anything). A call is sent with `pg_notify` in the transaction that makes it, so PostgreSQL
 * delivers it at commit to every process LISTENing — this one included — and the hub passes it to the
 * streams of that location. On PostgreSQL the hub holds one connection of its own for LISTEN; on the
 * embedded database (one process) PGlite's own `listen`. It starts with the first display.
 */
export class CallHub {
  private readonly subscribers = new Set<Subscriber>();
  private listening: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: () => Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once calls are being received; rejects when the database cannot be listened to now. */
  ready(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('call hub closed'));
    this.listening ??= this.listen().catch((err: unknown) => {
      this.listening = null;
      throw err;
    });
    return this.listening;
  }

  subscribe(locationId: number, onCall: Subscriber['onCall'], onLost: Subscriber['onLost']): () => void {
    const subscriber = { locationId, onCall, onLost };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Ends every stream (the server is stopping) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.dropAll();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
    if (this.unlisten) await this.unlisten().catch(() => undefined);
    this.unlisten = null;
  }

  private deliver(payload: string | undefined): void {
    let notice: CallNotice;
    try {
      notice = JSON.parse(payload ?? '') as CallNotice;
    } catch {
      return;
    }
    for (const s of this.subscribers) if (s.locationId === notice.locationId) s.onCall(notice.call);
  }

  private dropAll(): void {
    const all = [...this.subscribers];
    this.subscribers.clear();
    for (const s of all) s.onLost();
  }

  private async listen(): Promise<void> {
    const database = this.database();
    if (database.kind === 'pglite') {
      this.unlisten = await database.client.listen(QUEUE_CHANNEL, (payload) => this.deliver(payload));
      return;
    }
    // A connection of its own, made like the pool's: LISTEN holds it for as long as the hub listens.
    const { connectionString, host, port, user, password, database: name, ssl } = database.client.options;
    const client = new pg.Client({ connectionString, host, port, user, password, database: name, ssl });
    client.on('notification', (message) => this.deliver(message.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${QUEUE_CHANNEL}`);
    this.client = client;
    this.retryMs = 500;
  }

  /**
   * The LISTEN connection is gone: calls made now would reach no display of this process. Every stream
   * ends (the displays reconnect and read the last calls again), and the hub listens again.
   */
  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client || this.closed) return;
    this.log.warn(`Display calls: the LISTEN connection was lost (${err.message}); listening again`);
    this.client = null;
    this.listening = null;
    client.end().catch(() => undefined);
    this.dropAll();
    const retry = () => {
      this.retryTimer = null;
      if (this.closed || this.listening) return;
      this.ready().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
        this.retryTimer = setTimeout(retry, this.retryMs);
      });
    };
    this.retryTimer = setTimeout(retry, this.retryMs);
  }
}
