import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '@vigil/contracts';
import en from '../locales/en.json';
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

/**
 * English (the fallback) ships with the app; Polish and German are chunks of their own, fetched
 * when chosen, so that the sign-in page does not load three languages to show one.
 */
const otherLanguages: Record<string, () => Promise<{ default: ResourceKey }>> = {
  pl: () => import('../locales/pl.json'),
  de: () => import('../locales/de.json'),
};

const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = otherLanguages[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => {
        callback(null, module.default);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), null);
      },
    );
  },
};

void i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
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

/** Resolves once the interface language's texts are loaded: the app renders after it. */
export const languageReady: Promise<void> = i18n.loadLanguages(i18n.language);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches the interface language and remembers the choice in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  storage.set(languageStorageKey, language);
  await i18n.changeLanguage(language);
}

export { i18n };
