import { describe, expect, it } from 'vitest';
import { STATEMENT_LANGUAGES } from './schemas.js';
import { DEFAULT_PRIVACY_STATEMENT, privacyContact, privacyStatementText } from './statement.js';

const org = {
  name: 'Gemeente Voorbeeldstad',
  street: 'Stadhuisplein 1',
  postcode: '1234 AB',
  city: 'Voorbeeldstad',
  phone: '14 020',
  email: 'privacy@voorbeeldstad.example',
  retentionDays: 45,
  privacyStatement: { nl: '', en: 'Kept {retentionDays} days by {organisation}; ask {contact}.', de: '' },
};

describe('the privacy statement', () => {
  it.each(STATEMENT_LANGUAGES)(
    'fills the default text in %s with the period, the organisation and the contact',
    (language) => {
      const text = privacyStatementText({ ...org, privacyStatement: { nl: '', en: '', de: '' } }, language);
      expect(DEFAULT_PRIVACY_STATEMENT[language]).toContain('{retentionDays}');
      expect(text).toContain('45');
      expect(text).toContain('Gemeente Voorbeeldstad');
      expect(text).toContain(
        'privacy@voorbeeldstad.example · 14 020 · Stadhuisplein 1, 1234 AB Voorbeeldstad',
      );
      expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
    },
  );

  it('uses the organisation’s own text for a language that has one, filled in the same way', () => {
    expect(privacyStatementText(org, 'en')).toBe(
      'Kept 45 days by Gemeente Voorbeeldstad; ask privacy@voorbeeldstad.example · 14 020 · Stadhuisplein 1, 1234 AB Voorbeeldstad.',
    );
    expect(privacyStatementText(org, 'nl')).toContain('45 dagen na de afspraak');
  });

  it('names the organisation as the contact when it has no contact details', () => {
    expect(privacyContact({ ...org, email: '', phone: '', street: '', postcode: '', city: '' })).toBe(
      'Gemeente Voorbeeldstad',
    );
  });
});
