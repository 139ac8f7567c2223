import { z } from 'zod';
import { plainText } from '../primitives.js';

/** The provider's one organisation record (DESIGN §4): top bar link, mail footers, `.ics` location. */
export const organisationSchema = z.object({
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** '' clears an optional field. */
const orEmpty = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]);

/** PATCH /organisation (admin): changes the fields it names. */
export const patchOrganisationRequestSchema = z
  .object({
    name: plainText(200).min(1, 'required'),
    street: plainText(200),
    postcode: plainText(20),
    city: plainText(100),
    phone: plainText(50),
    email: orEmpty(z.email('invalid_email').max(254, 'too_long')),
    website: orEmpty(
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'invalid_url' }).max(500, 'too_long'),
    ),
  })
  .partial()
  .strict();
export type PatchOrganisationRequest = z.infer<typeof patchOrganisationRequestSchema>;
