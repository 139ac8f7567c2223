import type { CreateAppointmentRequest, Reservation } from '@balie/shared';
import type { ApiProcess } from '../api-process.js';
import { call, visitorAddress, type HttpResult } from '../http-client.js';
import { items } from '../read-scenarios.js';

/** An API process as the load sees it: the one running now under a slot's name ("api-2" after a restart). */
export interface ApiSlot {
  current: ApiProcess;
  /** Name of the process instance answering ("api-2#2" is the restarted api-2). */
  instance: string;
}

export interface LoadFigures {
  attempted: number;
  confirmed: number;
  /** HTTP status (or "network") → count, per process instance. */
  answers: Record<string, Record<string, number>>;
  /** Guest e-mail addresses of every confirm answered 201. */
  confirmedEmails: Set<string>;
}

export const guestEmail = (k: number) => `guest-${k}@fault.test`;

/**
 * Guests holding and confirming distinct start times, pair k on slot k mod n, started at `perSecond`
 * pairs a second by `clients` concurrent clients, until `untilMs` (epoch) or the start times run out.
 * A pair whose process is down or dies answers "network" and is not retried: its hold, if any, expires.
 */
export async function runLoad(
  slots: ApiSlot[],
  productId: number,
  starts: string[],
  opts: { perSecond: number; clients: number; untilMs: number },
): Promise<LoadFigures> {
  const figures: LoadFigures = { attempted: 0, confirmed: 0, answers: {}, confirmedEmails: new Set() };
  const began = Date.now();
  const record = (instance: string, status: string) => {
    const byStatus = (figures.answers[instance] ??= {});
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  };
  const request = async (slot: ApiSlot, path: string, body: unknown, from: string) => {
    const instance = slot.instance;
    let result: HttpResult | undefined;
    try {
      result = await call(slot.current.port, 'POST', path, body, from);
      record(instance, String(result.status));
    } catch {
      record(instance, 'network');
    }
    return result;
  };

  let next = 0;
  const client = async () => {
    for (;;) {
      const k = next++;
      if (k >= starts.length) return;
      const due = began + (k * 1000) / opts.perSecond;
      if (due >= opts.untilMs) return;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      figures.attempted++;
      const slot = slots[k % slots.length]!;
      // 50 holds per address stays under make-reservation's 120 per minute per client address.
      const from = visitorAddress(Math.floor(k / 50));
      const hold = await request(
        slot,
        '/api/appointment/make-reservation',
        { appointmentItems: items(productId), fromDateTime: starts[k]! },
        from,
      );
      if (hold?.status !== 201) continue;
      const body: CreateAppointmentRequest = {
        reservationId: (JSON.parse(hold.body) as Reservation).id,
        initials: 'F.',
        suffix: '',
        lastName: 'Fault',
        email: guestEmail(k),
        phone: '+31 6 12345678',
      };
      const confirm = await request(slot, '/api/appointment', body, from);
      if (confirm?.status === 201) {
        figures.confirmed++;
        figures.confirmedEmails.add(body.email);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  return figures;
}
