import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_FIELDS } from '@balie/shared';
import de from '../../../public/locales/de/audit.json';
import en from '../../../public/locales/en/audit.json';
import nl from '../../../public/locales/nl/audit.json';

// Issue 34 item 11: the trail showed code names (`queue_served · queue_entry 3`, `languageId`). Every
// kind of event, every thing an event is about and every field the server may record (the server
// refuses to record any other outside production: audit/audit.ts) has words in each language.
describe('the audit trail in words', () => {
  it.each([
    ['nl', nl],
    ['en', en],
    ['de', de],
  ])('names every action, entity and field in %s', (_language, texts) => {
    const missing = [
      ...AUDIT_ACTIONS.filter((a) => !(a in texts.action)).map((a) => `action.${a}`),
      ...AUDIT_ENTITY_TYPES.filter((e) => !(e in texts.entity)).map((e) => `entity.${e}`),
      ...AUDIT_FIELDS.filter((f) => !(f in texts.field)).map((f) => `field.${f}`),
    ];
    expect(missing).toEqual([]);
  });
});
