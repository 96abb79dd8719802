import { BRAND } from '@bubuh/contracts';
import { Group, Text } from '@mantine/core';
import { useId } from 'react';

type TLogoMarkProps = {
  size?: number;
  /** Colour of the stamp body; the mark is drawn in brand navy unless told otherwise. */
  color?: string;
  /** Colour of the frame and tick inside the stamp. */
  inkColor?: string;
  title?: string;
};

const EDGE = [4, 12, 20, 28, 36, 44];
const SIDE = [12, 20, 28, 36];

/** The Bubuh mark: a perforated postage-style stamp with a tick, the way an e-Meterai is affixed. */
export const LogoMark = ({
  size = 36,
  color = BRAND.primary,
  inkColor = '#ffffff',
  title,
}: TLogoMarkProps) => {
  const maskId = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <defs>
        <mask id={maskId}>
          <rect width="48" height="48" fill="#fff" />
          <g fill="#000">
            {EDGE.map((x) => (
              <circle key={`t${x}`} cx={x} cy={4} r={2.2} />
            ))}
            {EDGE.map((x) => (
              <circle key={`b${x}`} cx={x} cy={44} r={2.2} />
            ))}
            {SIDE.map((y) => (
              <circle key={`l${y}`} cx={4} cy={y} r={2.2} />
            ))}
            {SIDE.map((y) => (
              <circle key={`r${y}`} cx={44} cy={y} r={2.2} />
            ))}
          </g>
        </mask>
      </defs>
      <rect x="4" y="4" width="40" height="40" style={{ fill: color }} mask={`url(#${maskId})`} />
      <rect
        x="11"
        y="11"
        width="26"
        height="26"
        rx="3"
        fill="none"
        style={{ stroke: inkColor }}
        strokeWidth="2"
      />
      <path
        d="M17.5 24.5l4.5 4.5 8.5-9"
        fill="none"
        style={{ stroke: inkColor }}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
};

type TLogoProps = {
  size?: number;
  /** `light` draws the mark and wordmark for dark backgrounds. */
  variant?: 'default' | 'light';
};

/** Mark and wordmark side by side. */
export const Logo = ({ size = 34, variant = 'default' }: TLogoProps) => {
  const light = variant === 'light';
  return (
    <Group gap={10} wrap="nowrap" align="center">
      <LogoMark
        size={size}
        color={light ? '#ffffff' : 'var(--bubuh-mark)'}
        inkColor={light ? BRAND.primary : '#ffffff'}
      />
      <Text
        component="span"
        fw={800}
        fz={size * 0.66}
        lh={1}
        c={light ? 'white' : undefined}
        style={{ letterSpacing: '-0.02em', color: light ? undefined : 'var(--bubuh-wordmark)' }}
      >
        Bubuh
      </Text>
    </Group>
  );
};
