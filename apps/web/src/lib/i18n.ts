import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '@vigil/contracts';
import de from '../locales/de.json';
import en from '../locales/en.json';
import pl from '../locales/pl.json';
import { storage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const languageStorageKey = 'language';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The stored choice, else the browser's language when we have it, else English. */
function initialLanguage(): Language {
  const stored = storage.get(languageStorageKey);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

export function hasStoredLanguage(): boolean {
  return isLanguage(storage.get(languageStorageKey));
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, pl: { translation: pl }, de: { translation: de } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...languages],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches the interface language and remembers the choice in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  storage.set(languageStorageKey, language);
  await i18n.changeLanguage(language);
}

export { i18n };
