import type { PersonalDraft } from '../store/draftSchema';

/** Whether the draft's personal data passes the shared schema (what the details step demands). */
export type PersonalDataCheck = (personal: PersonalDraft) => boolean;

let loaded: PersonalDataCheck | undefined;

/** The check once loaded, else undefined. */
export function loadedPersonalDataCheck(): PersonalDataCheck | undefined {
  return loaded;
}

/**
 * Loads the check with the shared schemas (and zod). Only a draft with a hold needs it, so /new does not
 * load zod before the first click (decision 0245); by the time a hold exists the time step has loaded
 * the same chunk, so this resolves at once.
 */
export async function loadPersonalDataCheck(): Promise<PersonalDataCheck> {
  const { personalDataSchema } = await import('@balie/shared/booking/schemas');
  loaded ??= (personal) => personalDataSchema.safeParse(personal).success;
  return loaded;
}
