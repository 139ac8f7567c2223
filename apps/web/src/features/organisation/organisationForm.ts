import {
  patchOrganisationRequestSchema,
  patchPrivacyStatementSchema,
  type Organisation,
} from '@balie/shared';

/**
 * The record's fields on this form, all sent (the request allows any subset); branding and the
 * accessibility statement's contact parts save in their own sections below.
 */
const FORM_FIELDS = {
  name: true,
  street: true,
  postcode: true,
  city: true,
  phone: true,
  email: true,
  website: true,
  oin: true,
  registrationOpen: true,
  registerFields: true,
  requireMfaForAdmins: true,
  retentionDays: true,
  privacyStatement: true,
  reminders: true,
} as const;
export const formSchema = patchOrganisationRequestSchema
  .pick(FORM_FIELDS)
  .required()
  .extend({ privacyStatement: patchPrivacyStatementSchema.required() });
export type FormValues = Pick<Organisation, keyof typeof FORM_FIELDS>;
export const formValuesOf = (o: Organisation): FormValues =>
  Object.fromEntries(Object.keys(FORM_FIELDS).map((k) => [k, o[k as keyof FormValues]])) as FormValues;
