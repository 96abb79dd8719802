import { CONNECTION } from './constants.ts';

/** Rupiah without decimals, Indonesian grouping: 10000 → "Rp 10.000". */
const idr = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
export const formatIDR = (amount: number): string => idr.format(amount).replace(/\u00a0/g, ' ');

/** Plain number with Indonesian grouping: 1234567 → "1.234.567". */
const idNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
export const formatNumber = (value: number): string => idNumber.format(value);

type TDateInput = Date | string | number;

const parts = (input: TDateInput, timeZone?: string) => {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return undefined;
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    fmt.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute') };
};

/** Spec §9 date format YYYY-MM-DD (in `timeZone`, default the runtime's). Invalid input → "-". */
export const formatDate = (input: TDateInput, timeZone?: string): string => {
  const p = parts(input, timeZone);
  return p ? `${p.y}-${p.m}-${p.d}` : '-';
};

/** Spec §9 date-time format YYYY-MM-DD HH:mm. Invalid input → "-". */
export const formatDateTime = (input: TDateInput, timeZone?: string): string => {
  const p = parts(input, timeZone);
  return p ? `${p.y}-${p.m}-${p.d} ${p.h}:${p.min}` : '-';
};

export type TGreeting = 'morning' | 'afternoon' | 'evening';

/** Spec §9: morning 03:00–11:59, afternoon 12:00–14:59, otherwise evening. */
export const greetingFor = (hour: number): TGreeting => {
  if (hour >= 3 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 15) return 'afternoon';
  return 'evening';
};

export type TConnectionLevel = 'checking' | 'good' | 'poor' | 'heavy';

export const CONNECTION_LEVELS = {
  checking: { color: 'gray', label: 'Checking Status Connection..' },
  good: { color: 'green', label: 'All Good' },
  poor: { color: 'orange', label: 'Poor' },
  heavy: { color: 'red', label: 'Heavy Traffic' },
} as const satisfies Record<TConnectionLevel, { color: string; label: string }>;

/** The navbar dot of spec §2: -1 grey, 1–5 green, 6–10 amber, above 10 red. */
export const connectionLevel = (value: number): TConnectionLevel => {
  if (value === CONNECTION.pending || value < 1) return 'checking';
  if (value <= CONNECTION.goodMax) return 'good';
  if (value <= CONNECTION.poorMax) return 'poor';
  return 'heavy';
};

/** Provider response time (ms) → the dot's value: tenths of a second, rounded up, at least 1. */
export const connectionValueFromMs = (ms: number): number => Math.max(1, Math.ceil(ms / 100));

/** Spec §9: storage sizes shown in MB (÷1e6) from 1 MB, otherwise KB (÷1e3). */
export const formatStorageSize = (bytes: number): string => {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2).replace(/\.?0+$/, '')} MB`;
  return `${(bytes / 1e3).toFixed(2).replace(/\.?0+$/, '')} KB`;
};
