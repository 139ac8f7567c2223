import { describe, expect, it } from 'vitest';

// Issue 34 item 13 (3): the visitor's code had several names ("aanmeldcode" on the kiosk page, "incheckcode"
// in the mail and on the success page). One name in each language, for the code and for what one does with
// it: nl "incheckcode" / inchecken, en "check-in code" / check in, de "Check-in-Code" / einchecken.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(textsOf)
      : [];

const OTHER_NAMES: Record<string, RegExp> = {
  nl: /aanmeldcode|check-?in-?code|bevestigingscode|afspraakcode|u bent aangemeld|aanmelden kan/i,
  en: /checkin code|arrival code|sign-in code|registration code/i,
  de: /anmeldecode|eincheckcode|check-in code|sie sind angemeldet|die anmeldung (ist|mit diesem link)/i,
};

describe('the check-in code has one name', () => {
  it.each(Object.keys(OTHER_NAMES))('in %s', (language) => {
    const texts = Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${language}/`))
      .flatMap(([, data]) => textsOf(data));
    expect(texts.filter((text) => OTHER_NAMES[language]!.test(text))).toEqual([]);
  });
});
