import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@bubuh/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import id from '@/locales/id.json';
import lockerEn from '@/locales/locker.en.json';
import lockerId from '@/locales/locker.id.json';
import masterEn from '@/locales/master.en.json';
import masterId from '@/locales/master.id.json';
import platformEn from '@/locales/platform.en.json';
import platformId from '@/locales/platform.id.json';
import quotaEn from '@/locales/quota.en.json';
import quotaId from '@/locales/quota.id.json';
import stampingEn from '@/locales/stamping.en.json';
import stampingId from '@/locales/stamping.id.json';

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
    // Feature texts live in their own files (top-level keys `master`, `quota`, `platform`, ...),
    // merged in here.
    resources: {
      en: {
        translation: { ...en, ...masterEn, ...quotaEn, ...platformEn, ...stampingEn, ...lockerEn },
      },
      id: {
        translation: { ...id, ...masterId, ...quotaId, ...platformId, ...stampingId, ...lockerId },
      },
    },
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

export const setLanguage = async (lng: TLanguage): Promise<void> => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await i18n.changeLanguage(lng);
};

export const currentLanguage = (): TLanguage =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

export { i18n };
