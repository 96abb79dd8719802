import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@bubuh/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The texts of one language are a chunk of their own, loaded when that language is used: a first
 * visit downloads one language, not both (`npm run bench:web`, docs/performance.md).
 */
const BUNDLES: Record<TLanguage, () => Promise<{ default: Record<string, unknown>[] }>> = {
  en: () => import('@/locales/bundle-en'),
  id: () => import('@/locales/bundle-id'),
};

const loadLanguage = async (lng: TLanguage): Promise<void> => {
  if (i18n.hasResourceBundle(lng, 'translation')) return;
  // The language's files, each with its own top-level keys, make one resource bundle.
  const { default: files } = await BUNDLES[lng]();
  i18n.addResourceBundle(lng, 'translation', Object.assign({}, ...files), true, true);
};

/** Where the chosen language is kept (the key i18next's detector uses, so tools recognise it). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export const LANGUAGE_LABELS: Record<TLanguage, string> = {
  en: 'English',
  id: 'Bahasa Indonesia',
};

export const isLanguage = (value: unknown): value is TLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Spec §9: English unless the user chose otherwise (no browser-language guessing). */
export const storedLanguage = (): TLanguage => {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

const applyLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};

export const initI18n = () => {
  if (i18n.isInitialized) return i18n;
  const lng = storedLanguage();
  void i18n.use(initReactI18next).init({
    // Texts arrive per language (loadLanguage); `i18nReady` resolves once the first one is in.
    resources: {},
    partialBundledLanguages: true,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  applyLanguage(lng);
  i18n.on('languageChanged', applyLanguage);
  return i18n;
};

/** Initialises i18next and loads the stored language's texts; render after it resolves. */
export const i18nReady = async (): Promise<void> => {
  initI18n();
  const lng = storedLanguage();
  await loadLanguage(lng);
  // Resolved again now that its texts are in (at init the language had none yet).
  await i18n.changeLanguage(lng);
};

export const setLanguage = async (lng: TLanguage): Promise<void> => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
};

export const currentLanguage = (): TLanguage =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

export { i18n };
