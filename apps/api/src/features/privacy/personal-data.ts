/**
 * Where a visitor's personal data lives (DESIGN §4b, decision 0370): every column of every table that
 * holds it, in one place. Retention and erasure on request both erase exactly what is named here, and the
 * whole-database test (privacy-search.test.ts) proves nothing else holds it. A new table with personal
 * data (the queue's, say) adds its line here and nowhere else.
 */

/** A table whose rows belong to an appointment, and its columns to empty when that appointment's data goes. */
export interface AppointmentPersonalData {
  table: string;
  /** The column naming the appointment (`id` for the appointments table itself). */
  appointmentColumn: string;
  /** Set to NULL on erasure. */
  columns: readonly string[];
}

/**
 * Per appointment: who (initials, suffix, last name, e-mail, phone, the account it is linked to), the
 * check-in code, and what opens its links (the nonce the link token is derived from and the token's hash:
 * old links then say the appointment does not exist), and a hold's client key. What stays — products,
 * desk, times, states, language — identifies nobody and feeds lists, history and statistics.
 */
export const APPOINTMENT_PERSONAL_DATA: readonly AppointmentPersonalData[] = [
  {
    table: 'appointments',
    appointmentColumn: 'id',
    columns: [
      'initials',
      'suffix',
      'last_name',
      'email',
      'phone',
      'user_id',
      'check_in_code',
      'token_hash',
      'token_nonce',
      'client_key',
    ],
  },
];

/**
 * The keys of an audit event's `details.changes` that carry personal values, per subject type: their
 * before and after become null when the subject's data is erased (the event itself — when, who acted,
 * what kind of change — stays).
 */
export const AUDITED_PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  appointment: ['initials', 'suffix', 'lastName', 'email', 'phone', 'checkInCode'],
  user: [
    'email',
    'firstName',
    'lastName',
    'initials',
    'suffix',
    'phone',
    'relation',
    'birthDay',
    'serviceBookNr',
    'cardNumber',
  ],
  invitation: ['email'],
};

/** Marks an audit event whose personal values are gone, so no run scrubs it twice. */
export const SCRUBBED_MARK = 'personalDataErased';

/**
 * Waitlist places (DESIGN §4c): the address, the account, the link's nonce and hash. Not blanked but
 * deleted whole, with their offers (decision 0465): by an erasure of the address, and by retention once
 * a place has ended (left, booked, past its last day) or was never confirmed, for the same period.
 */
export const WAITLIST_PERSONAL_DATA = {
  table: 'waitlist_places',
  columns: ['email', 'user_id', 'token_hash', 'token_nonce'],
} as const;
