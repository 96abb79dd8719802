import type { TDocument, TPlacement, TTemplate } from '@bubuh/contracts';
import type { TFunction } from 'i18next';

const pt = (value: number) => String(Math.round(value));

/** "Page 2 · 75 × 75 pt at (420, 96)". */
export const placementSummary = (placement: TPlacement, t: TFunction): string =>
  t('stamping.placement.summary', {
    page: placement.page,
    width: pt(placement.width),
    height: pt(placement.height),
    x: pt(placement.x),
    y: pt(placement.y),
  });

/** The badge of a document's status (spec §4: nostamp, stamp, canceled). */
export const STATUS_COLORS: Record<TDocument['status'], string> = {
  stamp: 'green',
  nostamp: 'yellow',
  canceled: 'gray',
};

export const SIGNING_COLORS: Record<TDocument['signing_status'], string> = {
  draft: 'gray',
  signing: 'blue',
  signed: 'teal',
  stamping: 'violet',
  stamped: 'green',
  failed: 'red',
  stopped: 'orange',
};

/** YYYY-MM-DD of a date input, or undefined when empty or malformed. */
export const isoDay = (value: string | null | undefined): string | undefined =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

/** The translation key of a template type (the API values are Indonesian names). */
export const templateTypeKey = (type: TTemplate['type']) =>
  type === 'Surat Berharga' ? 'stamping.templateType.berharga' : 'stamping.templateType.dokumen';

/**
 * The toast after a stamp: its serial, or (the job still runs after the API's wait, 202) that the
 * serial shows on the document once the stamp is done.
 */
export const stampNotice = (
  t: (key: string, values?: Record<string, unknown>) => string,
  data: { serial_number: string } | { job_id: string },
): string =>
  'serial_number' in data
    ? t('stamping.stamp.success', { serial: data.serial_number })
    : t('stamping.stamp.pending');
