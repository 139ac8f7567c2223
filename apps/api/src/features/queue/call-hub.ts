import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DisplayCall } from '@balie/shared';
import type { Database } from '../../db/client.js';
import { describeError } from '../../security/logged-errors.js';
import {
  deleteOpenStreams,
  DISPLAY_KEY_CHANNEL,
  forgetDeadStreams,
  QUEUE_CHANNEL,
  refreshOpenStreams,
} from './repository.js';
import { DISPLAY_STREAM_LIMITS, STREAM_FORGET_SECONDS, STREAM_HEARTBEAT_SECONDS } from './stream-limits.js';

/** What a call's NOTIFY carries: the location and the call as the displays show it (no personal data). */
export interface CallNotice {
  locationId: number;
  call: DisplayCall;
}

/**
 * What a renewal of a location's display key NOTIFYs (decision 0417): the new key's version. The
 * streams of that location opened with an older key end on every process.
 */
export interface KeyRenewedNotice {
  locationId: number;
  keyVersion: number;
}

interface Subscriber {
  locationId: number;
  /** The version of the key the stream was opened with. */
  keyVersion: number;
  /** Its row in `display_streams` (what the caps per key and per address count). */
  streamId: number;
  onCall: (call: DisplayCall) => void;
  /**
   * The stream must end: the hub lost its connection (the display reconnects and reads the state again),
   * the key was renewed (the display's key then answers 404), or the server stops.
   */
  onEnd: () => void;
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
  /** This process's name on its rows in `display_streams`: random per start. */
  readonly process = randomUUID();
  /** Streams open or being opened here: what the per-process cap counts. */
  private places = 0;
  /** The newest key version each location's renewal notices named since the hub listens. */
  private readonly keyVersions = new Map<number, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  private listening: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | null = null;

  /** `heartbeatMs`: how often the streams' rows are refreshed (STREAM_HEARTBEAT_SECONDS; shorter in a test). */
  constructor(
    private readonly database: () => Database,
    private readonly log: FastifyBaseLogger,
    private readonly heartbeatMs = STREAM_HEARTBEAT_SECONDS * 1000,
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

  /**
   * Takes one of this process's places for a stream (false when all DISPLAY_STREAM_LIMITS.perProcess
   * are taken). The place is the stream's once it subscribes; `releasePlace` gives back one that did not.
   */
  claimPlace(): boolean {
    if (this.closed || this.places >= DISPLAY_STREAM_LIMITS.perProcess) return false;
    this.places += 1;
    return true;
  }

  /** Gives back a place that got no stream, and forgets the stream's row when it had one already. */
  async releasePlace(streamId?: number): Promise<void> {
    this.places -= 1;
    if (streamId !== undefined)
      await deleteOpenStreams(this.database().db, { ids: [streamId] }).catch((err: unknown) =>
        // Not refreshed by the heartbeat, the row stops counting by itself.
        this.log.warn(`Display streams: could not forget a refused stream (${describeError(err)})`),
      );
  }

  /**
   * True when a renewal of the location's key past `keyVersion` reached this hub. Asked after the hub
   * listens and after the key was read: a renewal committed later is either known here already or
   * reaches the subscriber (decision 0417).
   */
  renewedSince(locationId: number, keyVersion: number): boolean {
    return (this.keyVersions.get(locationId) ?? 0) > keyVersion;
  }

  /** A stream that took a place (`claimPlace`); the returned function ends it without `onEnd`. */
  subscribe(
    stream: Pick<Subscriber, 'locationId' | 'keyVersion' | 'streamId'>,
    onCall: Subscriber['onCall'],
    onEnd: Subscriber['onEnd'],
  ): () => void {
    const subscriber: Subscriber = { ...stream, onCall, onEnd };
    this.subscribers.add(subscriber);
    if (this.closed) {
      // Opened while the server began to stop (its place claimed before): it ends at once, as the others.
      void deleteOpenStreams(this.database().db, { ids: [stream.streamId] }).catch(() => undefined);
      queueMicrotask(() => {
        this.remove(subscriber);
        onEnd();
      });
      return () => this.remove(subscriber);
    }
    this.heartbeat ??= setInterval(() => void this.beat(), this.heartbeatMs).unref();
    return () => this.remove(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Ends every stream (the server is stopping), forgets this process's stream rows, stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const hadStreams = this.heartbeat !== null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    // One statement for all of them, before the streams end and the database closes: their places are
    // free when their displays reconnect to another process.
    if (hadStreams)
      await deleteOpenStreams(this.database().db, { process: this.process }).catch((err: unknown) =>
        this.log.warn(`Display streams: could not forget this process's streams (${describeError(err)})`),
      );
    this.dropAll();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
    if (this.unlisten) await this.unlisten().catch(() => undefined);
    this.unlisten = null;
  }

  private deliver(channel: string, payload: string | undefined): void {
    let notice: CallNotice | KeyRenewedNotice;
    try {
      notice = JSON.parse(payload ?? '') as CallNotice | KeyRenewedNotice;
    } catch {
      return;
    }
    if (channel === DISPLAY_KEY_CHANNEL) return this.renewed(notice as KeyRenewedNotice);
    notice = notice as CallNotice;
    for (const s of this.subscribers) if (s.locationId === notice.locationId) s.onCall(notice.call);
  }

  /** A location's display key was renewed (through any process): its streams with an older key end. */
  private renewed({ locationId, keyVersion }: KeyRenewedNotice): void {
    if ((this.keyVersions.get(locationId) ?? 0) < keyVersion) this.keyVersions.set(locationId, keyVersion);
    for (const s of [...this.subscribers])
      if (s.locationId === locationId && s.keyVersion < keyVersion) {
        this.remove(s);
        s.onEnd();
      }
  }

  /** A stream ended: its place is free, here and (its row) over every process. */
  private remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    this.places -= 1;
    if (this.closed) return; // close() deletes all of this process's rows at once
    deleteOpenStreams(this.database().db, { ids: [subscriber.streamId] }).catch((err: unknown) =>
      // The row stops counting by itself once the heartbeat no longer refreshes it.
      this.log.warn(`Display streams: could not forget an ended stream (${describeError(err)})`),
    );
  }

  private dropAll(): void {
    for (const s of [...this.subscribers]) {
      this.remove(s);
      s.onEnd();
    }
  }

  /** The heartbeat: this process's streams go on counting; rows of long-dead processes are deleted. */
  private async beat(): Promise<void> {
    const ids = [...this.subscribers].map((s) => s.streamId);
    if (!ids.length || this.closed) return;
    try {
      const db = this.database().db;
      await refreshOpenStreams(db, ids);
      await forgetDeadStreams(db, STREAM_FORGET_SECONDS);
    } catch (err) {
      this.log.warn(`Display streams: heartbeat failed (${describeError(err)})`);
    }
  }

  private async listen(): Promise<void> {
    const database = this.database();
    if (database.kind === 'pglite') {
      const calls = await database.client.listen(QUEUE_CHANNEL, (payload) =>
        this.deliver(QUEUE_CHANNEL, payload),
      );
      const keys = await database.client.listen(DISPLAY_KEY_CHANNEL, (payload) =>
        this.deliver(DISPLAY_KEY_CHANNEL, payload),
      );
      this.unlisten = async () => {
        await calls();
        await keys();
      };
      return;
    }
    // A connection of its own, made like the pool's: LISTEN holds it for as long as the hub listens.
    const { connectionString, host, port, user, password, database: name, ssl } = database.client.options;
    const client = new pg.Client({ connectionString, host, port, user, password, database: name, ssl });
    client.on('notification', (message) => this.deliver(message.channel, message.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${QUEUE_CHANNEL}`);
    await client.query(`LISTEN ${DISPLAY_KEY_CHANNEL}`);
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
