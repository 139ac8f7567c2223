import { startApi } from './api-process.js';
import { cpuMeter } from './cpu.js';
import type { BenchDatabase, Query } from './databases.js';
import { SmtpSink } from './smtp-sink.js';

export interface MailDrainResult {
  queued: number;
  delivered: number;
  /** Mails a second from the first accepted to the last (one API process, one worker). */
  perSecond: number;
  elapsedMs: number;
  /** CPU ms the process used per delivered mail (rendering, .ics, QR code, SMTP), from listening to the end. */
  cpuMsPerMail: number;
}

/**
 * DESIGN §7: one API process drains a backlog of `count` confirmation mails (rendered at send time, with
 * their .ics) to a local SMTP server. Run while no other API process is up, so its worker alone sends.
 */
export async function measureMailDrain(
  target: BenchDatabase,
  secret: string,
  query: Query,
  count: number,
  maxMs: number,
): Promise<MailDrainResult> {
  await query(
    `INSERT INTO outbox (kind, payload)
     SELECT 'appointment-confirmation', jsonb_build_object('appointmentId', id)
       FROM appointments WHERE status = 'confirmed' AND email IS NOT NULL ORDER BY id DESC LIMIT $1`,
    [count],
  );
  const [row] = await query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
  const queued = row?.n ?? 0;
  const smtp = await SmtpSink.start(0);
  const api = await startApi('mail-api', target, secret, { SMTP_URL: smtp.url });
  const cpu = await cpuMeter([api.pid]);
  try {
    const deadline = Date.now() + maxMs;
    while (smtp.deliveries.length < queued && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const times = smtp.deliveries.map((d) => d.at);
    const elapsedMs = Math.max(1, Math.max(...times) - Math.min(...times));
    return {
      queued,
      delivered: smtp.deliveries.length,
      perSecond: Math.round(((smtp.deliveries.length - 1) / elapsedMs) * 1000),
      elapsedMs,
      cpuMsPerMail: Math.round(((await cpu()).apiMs / Math.max(1, smtp.deliveries.length)) * 100) / 100,
    };
  } finally {
    await api.stop();
    await smtp.down();
  }
}
