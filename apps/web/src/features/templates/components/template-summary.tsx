import type { TTemplate } from '@bubuh/contracts';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { placementSummary, templateTypeKey } from '@/lib/document-format';

/**
 * The chosen template under its picker: its type and e-Meterai box, then (when it signs first)
 * its signers in order and the "signed before stamped" help.
 */
export const TemplateSummary = ({
  template,
  signers,
  testId,
  heading,
  withSigners = true,
}: {
  template: TTemplate;
  /** Who the signature boxes belong to (names of the template's signers). */
  signers: { id: number; fullName: string }[] | undefined;
  testId: string;
  /** A title over the signers: the side panel's form, whose type line is smaller than a dialog's. */
  heading?: ReactNode;
  /** Signing first is offered (a template with signature boxes signs before it stamps). */
  withSigners?: boolean;
}) => {
  const { t } = useTranslation();
  const signsFirst = withSigners && template.esign.length > 0;
  return (
    <>
      <Text fz={heading ? 'xs' : 'sm'} c="dimmed">
        {t(templateTypeKey(template.type))}
        {template.emeterai
          ? ` · ${t('stamping.box.label')}: ${placementSummary(template.emeterai, t)}`
          : ''}
      </Text>
      {signsFirst ? (
        <Stack gap={heading ? 4 : 2} data-testid={testId}>
          {heading}
          {template.esign.map((entry, index) => (
            <Text key={`${entry.user_id}-${entry.page}-${entry.x}-${entry.y}`} fz="sm">
              {index + 1}.{' '}
              {signers?.find((s) => s.id === entry.user_id)?.fullName ??
                t('stamping.templates.unknownSigner', { id: entry.user_id })}
            </Text>
          ))}
          <Text fz="xs" c="dimmed">
            {t('stamping.template.signFirstHelp')}
          </Text>
        </Stack>
      ) : null}
    </>
  );
};
