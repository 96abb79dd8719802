import { CONNECTION_LEVELS, connectionLevel, type TConnectionLevel } from '@bubuh/contracts';
import { Box, Tooltip, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionValue } from '../api/get-connection-check';
import classes from './connection-status.module.css';

const LABEL_KEYS: Record<TConnectionLevel, string> = {
  checking: 'connection.checking',
  good: 'connection.good',
  poor: 'connection.poor',
  heavy: 'connection.heavy',
};

/** Spec §2: grey while checking, green 1–5, amber 6–10, red above 10. */
export const ConnectionStatus = () => {
  const { t } = useTranslation();
  const value = useConnectionValue();
  const level = connectionLevel(value);
  const { color } = CONNECTION_LEVELS[level];
  const label = t(LABEL_KEYS[level]);
  return (
    <Tooltip
      label={
        <span>
          <strong>{t('connection.title')}</strong>
          <br />
          {label}
        </span>
      }
      position="bottom"
      events={{ hover: true, focus: true, touch: true }}
    >
      <UnstyledButton
        className={classes.button}
        aria-label={label}
        title={label}
        data-testid="connection-status"
        data-level={level}
        data-value={value}
        data-color={color}
      >
        <Box
          component="span"
          className={classes.dot}
          data-pulse={level === 'checking' || undefined}
          style={{ '--dot-color': `var(--mantine-color-${color}-6)` } as CSSProperties}
        />
        <span className={classes.srOnly} role="status">
          {label}
        </span>
      </UnstyledButton>
    </Tooltip>
  );
};
