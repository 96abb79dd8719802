/** Business constants of spec §9 and design; one place for both apps. */
export const BRAND = {
  name: 'Bubuh',
  primary: '#00176a',
  secondary: '#6c757d',
} as const;

export const LAYOUT_BREAKPOINT_PX = 1200;
export const SCROLL_TOP_THRESHOLD_PX = 300;

/** Connection-status dot thresholds (spec §2, §9). */
export const CONNECTION = {
  pending: -1,
  failure: 15,
  goodMax: 5,
  poorMax: 10,
} as const;

/** Default e-Meterai box edge in PDF points (spec §9: "two unnamed constants have the value 75"). */
export const DEFAULT_STAMP_SIZE_PT = 75;

/** Stamp duty of one e-Meterai, in rupiah. */
export const METERAI_FACE_VALUE_IDR = 10_000;

export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGES = ['en', 'id'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const SUPPORT_CONTACT = {
  address: 'Jl. Jenderal Sudirman Kav. 52-53, Jakarta Selatan 12190',
  phone: '+62 21 5099 0000',
  whatsapp: '6281100000000',
  email: 'support@bubuh.local',
} as const;
