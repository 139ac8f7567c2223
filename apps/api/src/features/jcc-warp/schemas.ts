import { z } from 'zod';
import { dateSchema, idParamSchema, singleLineText } from '@balie/shared';

/**
 * The JCC-Afspraken ("WARP") shapes Open Forms' `jcc_rest` plugin sends and reads (its `types.py` and
 * the recorded answers in `__fixtures__/`). Ids are strings in JCC: Balie's product and location ids
 * written as decimal strings, an appointment's id the UUID of its integration booking (decision 0480).
 */

/** A repeated query parameter (`activityId=1&activityId=2`) arrives as an array, a single one as a string. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(20, 'too_many'));

/** Python's `requests` writes a boolean parameter as `True`/`False`. */
const pythonBoolean = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['true', 'false'], { error: 'invalid_boolean' }))
  .transform((v) => v === 'true');

export const activityIds = repeated(idParamSchema).refine((ids) => ids.length > 0, 'required');
const amounts = repeated(
  z.coerce.number().int('invalid_amount').min(1, 'invalid_amount').max(1000, 'invalid_amount'),
);

export const locationQuery = z.object({ locationId: idParamSchema.optional() });
export const additionalQuery = z.object({
  selectedActivityId: activityIds,
  includeSelectedActivities: pythonBoolean.optional(),
  locationId: idParamSchema.optional(),
});
export const selectedActivitiesQuery = z.object({ selectedActivityId: activityIds });
export const dateRangeQuery = z.object({ activityId: activityIds });
export const locationParams = z.object({ id: idParamSchema });

/** Activities with their amounts: one `amount` per `activityId`, in the same order. */
const sameLength = (q: { activityId: number[]; amount: number[] }) => q.amount.length === q.activityId.length;
const oneAmountEach = { path: ['amount'], message: 'one_per_activity' };

export const availableTimesQuery = z
  .object({
    activityId: activityIds,
    amount: amounts,
    locationId: idParamSchema,
    fromDate: dateSchema,
    toDate: dateSchema,
  })
  .refine(sameLength, oneAmountEach);
export const durationQuery = z
  .object({
    activityId: activityIds,
    amount: amounts,
    // The plugin sends the appointment's date; Balie's durations do not depend on it.
    dateTime: z.string().max(40).optional(),
  })
  .refine(sameLength, oneAmountEach);
export const appointmentIdQuery = z.object({ id: z.uuid({ error: 'object/not-found' }) });

const text = singleLineText(254);
/**
 * The visitor as Open Forms sends them (`Customer`): keys it copies from its form. Balie keeps last name,
 * prefix (Balie's `suffix`), initials, e-mail and phone; the rest of JCC's fields are accepted and not kept.
 */
export const customerSchema = z
  .object({
    isMainCustomer: z.boolean().optional(),
    gender: z.union([z.number(), z.string()]).optional(),
    firstName: text.optional(),
    initials: text.optional(),
    lastNamePrefix: text.optional(),
    lastName: text.optional(),
    emailAddress: text.optional(),
    phoneNumber: text.optional(),
    mobilePhoneNumber: text.optional(),
  })
  .loose();
export type JccCustomer = z.infer<typeof customerSchema>;

export const createAppointmentSchema = z.object({
  id: z.null().optional(),
  activityList: z
    .array(z.object({ activityId: idParamSchema, amount: z.number().int().min(1).max(1000) }))
    .min(1, 'required')
    .max(20, 'too_many'),
  customerList: z.array(customerSchema).min(1, 'required').max(10, 'too_many'),
  // With an offset as Open Forms sends it, or without one in PROVIDER_TIMEZONE as JCC answers times.
  fromDateTime: z.string().max(40),
  toDateTime: z.string().max(40).optional(),
  locationId: idParamSchema,
  message: z.string().max(2000).nullable().optional(),
  fieldList: z.unknown().optional(),
});
export type JccCreateAppointment = z.infer<typeof createAppointmentSchema>;

// ---- answers ----

export const activitySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  description: z.string(),
  necessities: z.string(),
  /** Seconds, as JCC answers (its `calculateduration` answers minutes). */
  appointmentDuration: z.number().int(),
  maxCountForEvent: z.number().int(),
  activityGroupId: z.string().optional(),
});

const country = z.object({ id: z.string(), isoCode: z.string(), name: z.string() });
export const locationSchema = z.object({
  id: z.string(),
  auditId: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  locationNumber: z.number().int(),
  phoneNumberList: z.array(
    z.object({
      auditId: z.string(),
      id: z.string(),
      phoneNumber: z.object({ auditId: z.string(), id: z.string(), value: z.string() }),
      phoneNumberType: z.object({ auditId: z.string(), id: z.string(), name: z.string() }),
    }),
  ),
  address: z.object({
    auditId: z.string(),
    id: z.string(),
    streetName: z.string(),
    houseNumber: z.string(),
    houseNumberSuffix: z.string(),
    postalCode: z.string(),
    city: z.string(),
    country,
  }),
});

export const dateRangeSchema = z.object({ minDate: z.string(), maxDate: z.string() });
export const availableTimesSchema = z.object({
  availableTimesList: z.array(z.string()),
  appointmentDuration: z.number().int(),
});

const fieldState = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const customerFieldsSchema = z.object({
  auditId: z.string(),
  gender: fieldState,
  firstName: fieldState,
  initials: fieldState,
  areFirstNameOrInitialsRequired: z.boolean(),
  lastNamePrefix: fieldState,
  birthDate: fieldState,
  socialSecurityNumber: fieldState,
  nationality: fieldState,
  language: fieldState,
  emailAddress: fieldState,
  mainPhoneNumber: fieldState,
  mobilePhoneNumber: fieldState,
  isAnyPhoneNumberRequired: z.boolean(),
  streetName: fieldState,
  houseNumber: fieldState,
  houseNumberSuffix: fieldState,
  postalCode: fieldState,
  city: fieldState,
  country: fieldState,
  isDefault: z.boolean(),
});

/** JCC's answer to a create or cancel (`BaseAppointment`); a failure carries no id (the plugin checks it). */
export const acknowledgementSchema = z.object({
  id: z.string().optional(),
  code: z.number().int(),
  message: z.string().optional(),
  validateErrors: z.array(z.string()).optional(),
  acknowledgeIsSuccess: z.boolean(),
  logLevel: z.number().int(),
});
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

export const existingAppointmentSchema = z.object({
  id: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  number: z.number().int(),
  activityList: z.array(z.object({ amount: z.number().int(), activity: activitySchema })),
  customerList: z.array(
    z.object({
      id: z.string(),
      isMainCustomer: z.boolean(),
      gender: z.number().int(),
      initials: z.string().optional(),
      lastNamePrefix: z.string().optional(),
      lastName: z.string().optional(),
      emailAddress: z.string().optional(),
      phoneNumber: z.string().optional(),
    }),
  ),
  location: z.object({ id: z.string(), description: z.string() }),
  fieldList: z.array(z.unknown()),
  message: z.string().optional(),
  creationDateTime: z.string(),
  paymentStatus: z.object({ transactionState: z.number().int() }),
});
