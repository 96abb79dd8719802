import { BRAND } from '@bubuh/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const LINES: Array<[number, number]> = [
  [128, 252],
  [142, 236],
  [156, 258],
  [170, 180],
  [194, 246],
  [208, 258],
  [222, 214],
  [236, 150],
];

/** The contract's two parties: where each signs, and the pen stroke of the signature. */
const SIGNATORIES = [
  {
    x: 96,
    party: 'Pihak Pertama',
    name: 'Rina Wijaya',
    stroke:
      'M100 320 C 110 292, 124 292, 120 314 S 134 332, 142 306 S 156 298, 160 318 S 178 322, 192 300',
  },
  {
    x: 240,
    party: 'Pihak Kedua',
    name: 'Budi Santoso',
    stroke:
      'M244 322 C 254 300, 266 290, 262 312 C 260 328, 276 326, 284 306 C 290 296, 296 320, 306 316 C 316 312, 322 300, 342 304',
  },
];

/** A contract with two signatures and an e-Meterai, plus the two things Bubuh adds: validity and batches. */
export const HeroIllustration = () => {
  const { t } = useTranslation();
  const shadowId = useId();
  const ink = BRAND.primary;
  const stampRed = '#c2255c';
  return (
    <svg
      viewBox="0 0 480 440"
      role="img"
      aria-label={t('landing.illustration')}
      style={{ width: '100%', maxWidth: 520, height: 'auto', display: 'block', margin: '0 auto' }}
    >
      <defs>
        <filter id={shadowId} x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="14" stdDeviation="16" floodColor="#000a33" floodOpacity="0.35" />
        </filter>
      </defs>

      <rect
        x="110"
        y="22"
        width="300"
        height="380"
        rx="14"
        fill="rgba(255,255,255,0.14)"
        transform="rotate(6 260 212)"
      />
      <g filter={`url(#${shadowId})`}>
        <rect x="70" y="30" width="310" height="392" rx="14" fill="#ffffff" />
      </g>

      <rect x="96" y="56" width="22" height="22" rx="5" fill={ink} />
      <path
        d="M101.5 67.5l3.5 3.5 7-7.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="96" y="104" fontSize="13" fontWeight="800" fill="#0b1437" letterSpacing="0.5">
        PERJANJIAN KERJA SAMA
      </text>
      <text x="96" y="118" fontSize="9" fill="#8a93a6">
        No. 021/BBH/XI/2026
      </text>
      {LINES.map(([y, width]) => (
        <rect key={y} x="96" y={y + 6} width={width} height="6" rx="3" fill="#e7eaf3" />
      ))}

      {SIGNATORIES.map(({ x, party, name, stroke }) => (
        <g key={name}>
          <text x={x} y="278" fontSize="9" fill="#8a93a6">
            {party}
          </text>
          <path d={stroke} fill="none" stroke={ink} strokeWidth="2.4" strokeLinecap="round" />
          <line x1={x} y1="346" x2={x + 110} y2="346" stroke="#d5d9e6" strokeWidth="1.2" />
          <text x={x} y="362" fontSize="10" fontWeight="700" fill="#0b1437">
            {name}
          </text>
        </g>
      ))}

      <g transform="translate(150 270) rotate(-4 39 39)">
        <rect
          x="0"
          y="0"
          width="78"
          height="78"
          rx="3"
          fill="#ffffff"
          stroke={stampRed}
          strokeWidth="1.5"
          strokeDasharray="3 2"
        />
        <rect x="5" y="5" width="68" height="68" rx="2" fill="#fff0f6" />
        <text x="39" y="17" fontSize="7.5" fontWeight="800" fill={stampRed} textAnchor="middle">
          METERAI
        </text>
        <text x="39" y="25" fontSize="5.6" fontWeight="700" fill={stampRed} textAnchor="middle">
          ELEKTRONIK
        </text>
        <circle cx="39" cy="40" r="9" fill="none" stroke={stampRed} strokeWidth="1.4" />
        <path
          d="M39 33.5l1.9 4.1 4.5.5-3.3 3 .9 4.4-4-2.2-4 2.2.9-4.4-3.3-3 4.5-.5z"
          fill={stampRed}
        />
        <text x="39" y="62" fontSize="12" fontWeight="800" fill={ink} textAnchor="middle">
          10000
        </text>
        <text x="39" y="70" fontSize="4.2" fill="#8a93a6" textAnchor="middle" letterSpacing="0.3">
          7K2Q9XW4BMT1HZ5C8RDA3F
        </text>
      </g>

      <g filter={`url(#${shadowId})`}>
        <rect x="292" y="58" width="176" height="56" rx="12" fill="#ffffff" />
      </g>
      <circle cx="320" cy="86" r="14" fill="#e6fcf5" />
      <path
        d="M313.5 86.5l4.5 4.5 8.5-9"
        fill="none"
        stroke="#0ca678"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="342" y="83" fontSize="11" fontWeight="700" fill="#0b1437">
        {t('landing.art.validTitle')}
      </text>
      <text x="342" y="99" fontSize="9" fill="#8a93a6">
        {t('landing.art.validBody')}
      </text>

      <g filter={`url(#${shadowId})`}>
        <rect x="14" y="372" width="200" height="60" rx="12" fill="#ffffff" />
      </g>
      <rect x="28" y="386" width="32" height="32" rx="8" fill="#eef1fb" />
      <rect x="36" y="394" width="16" height="4" rx="2" fill={ink} />
      <rect x="36" y="400" width="16" height="4" rx="2" fill={ink} opacity="0.6" />
      <rect x="36" y="406" width="16" height="4" rx="2" fill={ink} opacity="0.3" />
      <text x="70" y="397" fontSize="10.5" fontWeight="700" fill="#0b1437">
        {t('landing.art.batchTitle')}
      </text>
      <rect x="70" y="406" width="128" height="6" rx="3" fill="#e7eaf3" />
      <rect x="70" y="406" width="112" height="6" rx="3" fill={ink} />
    </svg>
  );
};
