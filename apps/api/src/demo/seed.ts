import { count, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_PRIMARY_COLOUR,
  REGISTER_FIELDS,
  type AssignableRole,
  type Organisation,
} from '@balie/shared';
import type { Db } from '../db/client.js';
import {
  closures,
  deskOpeningHours,
  deskProducts,
  desks,
  locations,
  organisation,
  productCategories,
  products,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../security/passwords.js';
import { seedDemoHistory } from './history.js';
import { seedDemoToday } from './today.js';

/** The demo accounts of DESIGN §3, printed at first start. */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@example.com',
    password: 'Admin123!',
    roles: ['ROLE_ADMIN'],
    firstName: 'Anna',
    lastName: 'de Vries',
  },
  user: {
    email: 'user@example.com',
    password: 'User1234!',
    roles: ['ROLE_USER'],
    firstName: 'Jan',
    lastName: 'Jansen',
  },
} as const satisfies Record<
  string,
  { email: string; password: string; roles: AssignableRole[]; firstName: string; lastName: string }
>;

/** The demo provider (DESIGN §4 organisation): mail footers, the .ics location, the top bar's link. */
export const DEMO_ORGANISATION: Organisation = {
  name: 'Gemeente Voorbeeldstad',
  street: 'Stadhuisplein 1',
  postcode: '1234 AB',
  city: 'Voorbeeldstad',
  phone: '14 020',
  email: 'info@voorbeeldstad.example',
  website: 'https://www.voorbeeldstad.example',
  // The spec's register form: open, asking all three extra fields (DESIGN §4b).
  registrationOpen: true,
  registerFields: [...REGISTER_FIELDS],
  // The demo admin signs in with a password alone; the README's production recipe turns this on.
  requireMfaForAdmins: false,
  // The product's default: 30 days, and the default privacy statement in every language (DESIGN §4b).
  retentionDays: 30,
  privacyStatement: { nl: '', en: '', de: '' },
  // Branding (DESIGN §5): no logo, the product's blue, until the organisation screen sets them.
  logoFileId: null,
  primaryColour: DEFAULT_PRIMARY_COLOUR,
  // The accessibility statement's contact parts (decision 0393); its phone is the organisation's.
  accessibilityEmail: 'toegankelijkheid@voorbeeldstad.example',
  accessibilityPhone: '',
  accessibilityResponseDays: 5,
  accessibilityComplaintsUrl: 'https://www.voorbeeldstad.example/klachten',
  // No OIN: events name the public address as their source until the organisation enters one.
  oin: '',
  // No identity provider in the demo: staff sign in with their passwords (DESIGN §4c).
  staffSignIn: null,
  reminders: [{ hoursBefore: 24 }],
};

/**
 * The demo's two locations (DESIGN §4b): the town hall at the organisation's address, and a district
 * office with a notice for visitors in every language. Balie 1 is in the first, Balie 2 in the second.
 */
export const DEMO_LOCATIONS = {
  stadhuis: {
    name: 'Stadhuis',
    street: DEMO_ORGANISATION.street,
    postcode: DEMO_ORGANISATION.postcode,
    city: DEMO_ORGANISATION.city,
    phone: DEMO_ORGANISATION.phone,
    notice: '',
    translations: {},
    position: 0,
  },
  noord: {
    name: 'Stadswinkel Noord',
    street: 'Noorderplein 12',
    postcode: '1235 CD',
    city: 'Voorbeeldstad',
    phone: '020 123 4567',
    notice: 'Ingang naast de bibliotheek; lift aanwezig.',
    translations: {
      en: { notice: 'Entrance next to the library; lift available.' },
      de: { notice: 'Eingang neben der Bibliothek; Aufzug vorhanden.' },
    },
    position: 1,
  },
} satisfies Record<string, Omit<typeof locations.$inferInsert, 'id'>>;

/** The product only Balie 1 (Stadhuis) serves: the driving-licence desk of the demo. */
export const DEMO_STADHUIS_ONLY_PRODUCT = 'Rijbewijs aanvragen of verlengen';

const WEEKDAYS = [1, 2, 3, 4, 5];
const DAY = [
  { opens: '08:30', closes: '12:30' },
  { opens: '13:00', closes: '17:00' },
];

const CATALOGUE = [
  {
    category: 'Reisdocumenten',
    categoryTranslations: { en: { name: 'Travel documents' }, de: { name: 'Reisedokumente' } },
    products: [
      {
        title: 'Paspoort aanvragen',
        description: 'Een nieuw paspoort aanvragen voor uzelf of uw kind.',
        notice: 'Neem een recente pasfoto en uw huidige paspoort of identiteitskaart mee.',
        timeUnit: 12,
        extraTimeUnit: 6,
      },
      {
        title: 'Identiteitskaart aanvragen',
        description: 'Een Nederlandse identiteitskaart aanvragen.',
        notice: 'Neem een recente pasfoto en uw huidige identiteitsbewijs mee.',
        timeUnit: 12,
        extraTimeUnit: 6,
      },
      {
        title: 'Reisdocument ophalen',
        description: 'Uw aangevraagde paspoort of identiteitskaart ophalen.',
        notice: 'Neem uw oude document mee; het wordt ongeldig gemaakt.',
        timeUnit: 12,
        extraTimeUnit: 6,
      },
    ],
  },
  {
    category: 'Rijbewijzen',
    categoryTranslations: { en: { name: 'Driving licences' }, de: { name: 'Führerscheine' } },
    products: [
      {
        title: 'Rijbewijs aanvragen of verlengen',
        description: 'Een nieuw rijbewijs aanvragen of uw rijbewijs verlengen.',
        notice: 'Zorg dat uw Verklaring van Geschiktheid geregistreerd is bij het CBR.',
        timeUnit: 12,
        extraTimeUnit: 12,
      },
      {
        title: 'Rijbewijs ophalen',
        description: 'Uw aangevraagde rijbewijs ophalen.',
        notice: 'Neem uw oude rijbewijs mee.',
        timeUnit: 12,
        extraTimeUnit: 6,
      },
    ],
  },
  {
    category: 'Burgerzaken',
    categoryTranslations: { en: { name: 'Civil affairs' }, de: { name: 'Bürgerangelegenheiten' } },
    products: [
      {
        title: 'Verhuizing doorgeven',
        description: 'Uw verhuizing naar of binnen de gemeente doorgeven.',
        notice: 'Neem een huurcontract of koopakte en een geldig identiteitsbewijs mee.',
        timeUnit: 24,
        extraTimeUnit: 12,
      },
      {
        title: 'Geboorteaangifte',
        description: 'De geboorte van uw kind aangeven.',
        notice: 'Doe aangifte binnen drie werkdagen na de geboorte.',
        timeUnit: 24,
        extraTimeUnit: 12,
      },
      {
        title: 'Uittreksel Basisregistratie Personen',
        description: 'Een uittreksel uit de BRP aanvragen.',
        notice: '',
        timeUnit: 12,
        extraTimeUnit: 6,
      },
    ],
  },
];

/** The next occurrence (today or later) of a month/day in the provider's zone. */
function nextDate(month: number, day: number, zone: string): string {
  const today = DateTime.now().setZone(zone).startOf('day');
  let date = today.set({ month, day });
  if (date < today) date = date.plus({ years: 1 });
  return date.toISODate() ?? '';
}

/** Whether nothing has been created yet: the demo seed never touches a database in use. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  for (const table of [users, desks, products]) {
    const [row] = await db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0) return false;
  }
  return true;
}

/**
 * Demo data (DESIGN §3): two locations with a desk each, open on weekdays (the second also on Thursday
 * evening), products in three categories (the driving licence at the town hall only), the organisation
 * record, the coming Christmas and New Year closures, a partial closure, two accounts, and (unless
 * `history` is false) eight weeks of what happened and the visitors still to come today.
 * Does nothing unless the database is empty; returns whether it seeded.
 */
export async function seedDemoData(
  db: Db,
  options: {
    timezone: string;
    /** Eight weeks of what happened (default true; API tests leave it out). */ history?: boolean;
  },
): Promise<boolean> {
  if (!(await isEmptyDatabase(db))) return false;
  const [adminHash, userHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.user.password),
  ]);
  const zone = options.timezone;
  await db.transaction(async (tx) => {
    const { staffSignIn: _notAColumn, ...demoOrganisation } = DEMO_ORGANISATION;
    await tx.update(organisation).set(demoOrganisation).where(eq(organisation.id, 1));
    await tx.insert(users).values(
      [
        { ...DEMO_ACCOUNTS.admin, hash: adminHash },
        { ...DEMO_ACCOUNTS.user, hash: userHash },
      ].map((a) => ({
        email: a.email,
        passwordHash: a.hash,
        firstName: a.firstName,
        lastName: a.lastName,
        roles: [...a.roles],
        languageId: DEFAULT_LANGUAGE.id,
      })),
    );

    // The one location every installation starts with (migration 0012) becomes the town hall.
    const [stadhuis] = await tx
      .update(locations)
      .set(DEMO_LOCATIONS.stadhuis)
      .where(eq(locations.id, sql`(SELECT min(id) FROM locations)`))
      .returning({ id: locations.id });
    if (!stadhuis) throw new Error('no location to put the demo desks in');
    const [noord] = await tx.insert(locations).values(DEMO_LOCATIONS.noord).returning({ id: locations.id });
    const [first, second] = await tx
      .insert(desks)
      .values([
        { name: 'Balie 1', label: 'B1', locationId: stadhuis.id },
        // Balie 2 serves the products it lists (below): every one but the driving licence.
        { name: 'Balie 2', label: 'B2', locationId: noord!.id, servesAllProducts: false },
      ])
      .returning({ id: desks.id });
    if (!first || !second) throw new Error('demo desks not created');
    const hours = [first.id, second.id].flatMap((deskId) =>
      WEEKDAYS.flatMap((weekday) => DAY.map((part) => ({ deskId, weekday, ...part }))),
    );
    hours.push({ deskId: second.id, weekday: 4, opens: '18:00', closes: '20:00' });
    await tx.insert(deskOpeningHours).values(hours);

    let position = 0;
    const made: Array<{ id: number; title: string; timeUnit: number }> = [];
    for (const group of CATALOGUE) {
      const [category] = await tx
        .insert(productCategories)
        .values({ name: group.category, translations: group.categoryTranslations, position: position++ })
        .returning({ id: productCategories.id });
      made.push(
        ...(await tx
          .insert(products)
          .values(group.products.map((p, i) => ({ ...p, categoryId: category?.id ?? null, position: i })))
          .returning({ id: products.id, title: products.title, timeUnit: products.timeUnit })),
      );
    }
    await tx
      .insert(deskProducts)
      .values(
        made
          .filter((p) => p.title !== DEMO_STADHUIS_ONLY_PRODUCT)
          .map((p) => ({ deskId: second.id, productId: p.id })),
      );

    // A partial closure on the first Wednesday at least a week ahead: Balie 1 has a team meeting.
    let wednesday = DateTime.now().setZone(zone).plus({ days: 7 });
    while (wednesday.weekday !== 3) wednesday = wednesday.plus({ days: 1 });
    const closed = [
      { deskId: null, date: nextDate(12, 25, zone), type: 'whole_day', reason: 'Eerste Kerstdag' },
      { deskId: null, date: nextDate(12, 26, zone), type: 'whole_day', reason: 'Tweede Kerstdag' },
      { deskId: null, date: nextDate(1, 1, zone), type: 'whole_day', reason: 'Nieuwjaarsdag' },
      {
        deskId: first.id,
        date: wednesday.toISODate() ?? '',
        type: 'partial',
        fromTime: '13:00',
        untilTime: '15:00',
        reason: 'Teamoverleg',
      },
    ] satisfies Array<typeof closures.$inferInsert>;
    await tx.insert(closures).values(closed);
    if (options.history === false) return;
    const secondServes = made.filter((p) => p.title !== DEMO_STADHUIS_ONLY_PRODUCT);
    const demoDesks = [
      {
        id: first.id,
        locationId: stadhuis.id,
        hours: hours.filter((h) => h.deskId === first.id),
        products: made,
      },
      {
        id: second.id,
        locationId: noord!.id,
        hours: hours.filter((h) => h.deskId === second.id),
        products: secondServes,
      },
    ];
    const now = Date.now();
    await seedDemoHistory(tx, { zone, now, desks: demoDesks });
    const closedDates = new Set(closed.filter((c) => c.type === 'whole_day').map((c) => c.date));
    await seedDemoToday(tx, { zone, now, desks: demoDesks, closedDates });
  });
  return true;
}
