import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocationTranslations } from '@balie/shared';

/**
 * A building where visitors go (vestiging, DESIGN §4b). Every desk belongs to one. Migration 0012 made
 * the first from the organisation's address and put every desk there, so an installation from before
 * locations changed nothing visible.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The Dutch notice for visitors ("entrance on the Marktzijde"); English and German in translations. */
    notice: text('notice').notNull().default(''),
    translations: jsonb('translations').$type<LocationTranslations>().notNull().default({}),
    /** Lists (the booking page's location step, admin screens) sort by position, then id. */
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * The waiting-room display's key is an HMAC of the location's id and this number under the server
     * secret (decision 0384): renewing it raises the number, and a copy of the database alone opens no display.
     */
    displayKeyVersion: integer('display_key_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_position_idx').on(t.position, t.id)],
);
