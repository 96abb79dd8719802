import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '@/components/warning-alert';

type TJavaScriptAckProps = {
  /** How many scripts the upload inspection found (0: unknown, e.g. from a refusal). */
  count: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * The JavaScript warning before the first signature or e-Meterai, with the checkbox that sends
 * `acknowledge_javascript: true`.
 */
export const JavaScriptAck = ({ count, checked, onChange }: TJavaScriptAckProps) => {
  const { t } = useTranslation();
  return (
    <WarningAlert title={t('stamping.javascript.title')} testId="javascript-warning">
      <Stack gap="xs">
        {count > 0 ? <Text fz="sm">{t('stamping.javascript.body', { count })}</Text> : null}
        <Checkbox
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          label={t('stamping.javascript.confirm')}
          data-testid="javascript-ack"
        />
      </Stack>
    </WarningAlert>
  );
};
