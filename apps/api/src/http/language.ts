import type { FastifyReply, FastifyRequest } from 'fastify';
import { UI_LANGUAGES, type UiLanguage } from '@balie/shared';

/**
 * The interface language a request asks for: the supported one (nl, en, de) its `Accept-Language`
 * ranks highest, else Dutch (DESIGN §4, product texts per language).
 */
export function requestLanguage(request: FastifyRequest): UiLanguage {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'nl';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: range.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && (UI_LANGUAGES as readonly string[]).includes(r.language))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.language as UiLanguage | undefined) ?? 'nl';
}

/** The request's language for an answer that depends on it, telling caches so (`Vary: Accept-Language`). */
export function answerLanguage(request: FastifyRequest, reply: FastifyReply): UiLanguage {
  reply.header('Vary', 'Accept-Language');
  return requestLanguage(request);
}
