import { DEFAULT_LANGUAGE, OFFERED_LANGUAGE_CODES, type Language } from '@balie/shared';
import { useGetLanguagesQuery } from './sessionApi';

export type OfferedLanguage = Pick<Language, 'id' | 'code' | 'description' | 'short'>;

/**
 * Spec §1/§4: the server's language list reduced to the offered codes (en-GB, de-DE, nl-NL; decision
 * 0424); if the list fails, Dutch only.
 * While it loads, Dutch (the default) is offered so the switch is never a disabled, unreadable button.
 */
export function useOfferedLanguages(): { languages: OfferedLanguage[]; isLoading: boolean } {
  const { data, isError, isLoading } = useGetLanguagesQuery();
  const offered = (data ?? []).filter((l) => (OFFERED_LANGUAGE_CODES as readonly string[]).includes(l.code));
  const fallback = isError || offered.length === 0;
  return { languages: fallback ? [DEFAULT_LANGUAGE] : offered, isLoading };
}
