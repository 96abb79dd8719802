import type { TAuditEvent } from '@bubuh/contracts';
import type { ReportSheet } from '@bubuh/pdf';
import { CERTIFICATE_TEXTS, DETAIL_TEXTS, EVENT_TEXTS } from './certificate-texts.ts';

export type TCertificateInput = {
  language: 'en' | 'id';
  document: {
    id: number;
    fileName: string;
    pageCount: number;
    status: string;
    serial: string | null;
    originalSha256: string;
    finalSha256: string;
  };
  owner: { fullName: string; email: string } | undefined;
  parties: {
    position: number;
    status: 'pending' | 'signed';
    signedAt: Date | null;
    fullName: string;
    email: string;
    nik: string | null;
    /** A party outside the company, and when their code proved the e-mail. */
    outside: boolean;
    verifiedAt: Date | null;
  }[];
  events: TAuditEvent[];
  now: Date;
};

/** A time as Indonesians read it on paper: Jakarta time, to the second, named WIB. */
export const wibTime = (at: Date | string): string => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} WIB`;
};

/** Only the last four digits of a NIK are shown anywhere but to its holder. */
const maskedNik = (nik: string) => `${'*'.repeat(Math.max(0, nik.length - 4))}${nik.slice(-4)}`;

/** The certificate's content (rendered by `@bubuh/pdf` `renderReportSheet`, then sealed). */
export const certificateSheet = (input: TCertificateInput): ReportSheet => {
  const t = CERTIFICATE_TEXTS[input.language];
  const names = EVENT_TEXTS[input.language];
  const detailNames = DETAIL_TEXTS[input.language];
  const { document: doc } = input;
  return {
    title: t.title,
    subtitle: t.subtitle,
    sections: [
      {
        kind: 'fields',
        heading: t.document,
        rows: [
          [t.fileName, doc.fileName],
          [t.documentId, String(doc.id)],
          [t.pages, String(doc.pageCount)],
          [t.status, doc.status],
          ...(doc.serial ? [[t.serial, doc.serial] as [string, string]] : []),
          ...(input.owner
            ? [[t.owner, `${input.owner.fullName} <${input.owner.email}>`] as [string, string]]
            : []),
          [t.originalSha, doc.originalSha256],
          [t.finalSha, doc.finalSha256],
          [t.issuedAt, wibTime(input.now)],
        ],
      },
      {
        kind: 'entries',
        heading: t.parties,
        items: input.parties.map((p) => ({
          title: `${p.position}. ${t.signer}: ${p.fullName} <${p.email}>`,
          lines: [
            p.status === 'signed' && p.signedAt
              ? `${t.signedAt} ${wibTime(p.signedAt)}`
              : t.pending,
            p.outside
              ? `${t.identity}: ${p.fullName}, ${p.email} (${t.outside}${p.verifiedAt ? `, ${t.verified} ${wibTime(p.verifiedAt)}` : ''})`
              : `${t.identity}: ${p.fullName}${p.nik ? `, ${t.nik} ${maskedNik(p.nik)}` : ''}, ${p.email}`,
          ],
        })),
      },
      {
        kind: 'entries',
        heading: t.timeline,
        items: input.events.length
          ? input.events.map((e) => {
              const who =
                e.actor_kind === 'system'
                  ? t.platform
                  : `${e.actor_name ?? '?'}${e.actor_email ? ` <${e.actor_email}>` : ''}`;
              const details = Object.entries(e.details)
                .map(([key, value]) => `${detailNames[key] ?? key}: ${value}`)
                .join('; ');
              return {
                title: `${wibTime(e.at)}  ${names[e.type]} ${t.by} ${who}`,
                lines: [
                  ...(details ? [details] : []),
                  ...(e.ip_address || e.user_agent
                    ? [`${t.ip} ${e.ip_address ?? '-'}  ${t.agent} ${e.user_agent ?? '-'}`]
                    : []),
                  ...(e.sha256 ? [`${t.shaAfter} ${e.sha256}`] : []),
                ],
              };
            })
          : [{ title: t.none, lines: [] }],
      },
    ],
    footer: [t.footer],
  };
};
