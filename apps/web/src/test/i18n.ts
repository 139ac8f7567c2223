import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

// Tests read the real English translation files, so they assert the text a user sees.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/en/*.json', {
  eager: true,
  import: 'default',
});
const en = Object.fromEntries(
  Object.entries(files).map(([path, data]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), data]),
);

export async function initTestI18n() {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en },
    ns: Object.keys(en),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
}
