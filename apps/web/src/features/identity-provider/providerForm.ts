import { z } from 'zod';
import type { IdentityProvider, PutIdentityProviderRequest } from '@balie/shared';

/**
 * The screen's form: the role values one per line, the secret empty unless a new one is typed (the
 * stored one is never shown). The server checks everything again, the discovery document too.
 */
export const formSchema = z.object({
  enabled: z.boolean(),
  displayName: z.string().trim().max(60, 'too_long'),
  issuer: z.string().trim().max(500, 'too_long'),
  clientId: z.string().trim().max(300, 'too_long'),
  clientSecret: z.string().max(1000, 'too_long'),
  roleClaim: z.string().trim().min(1, 'required').max(200, 'too_long'),
  adminValues: z.string().max(10_000, 'too_long'),
  staffValues: z.string().max(10_000, 'too_long'),
  passwordLoginForStaff: z.boolean(),
});
export type FormValues = z.infer<typeof formSchema>;

/** Where the common providers put roles (DESIGN §4c): Entra ID's app roles, Keycloak's realm roles. */
export const ROLE_CLAIM_PRESETS = [
  { key: 'entra', claim: 'roles' },
  { key: 'keycloak', claim: 'realm_access.roles' },
] as const;

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function formValuesOf(p: IdentityProvider): FormValues {
  return {
    enabled: p.enabled,
    displayName: p.displayName,
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: '',
    roleClaim: p.roleClaim,
    adminValues: p.adminValues.join('\n'),
    staffValues: p.staffValues.join('\n'),
    passwordLoginForStaff: p.passwordLoginForStaff,
  };
}

export function requestOf(values: FormValues): PutIdentityProviderRequest {
  return {
    ...values,
    clientSecret: values.clientSecret || undefined,
    adminValues: lines(values.adminValues),
    staffValues: lines(values.staffValues),
  };
}
