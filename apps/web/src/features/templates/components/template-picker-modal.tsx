import type { TTemplate } from '@bubuh/contracts';
import { Button, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/error-alert';
import { DialogModal } from '@/components/forms/dialog-modal';
import { DialogActions } from '@/components/ui/dialog-actions';
import { serverMessage, statusMessage } from '@/lib/api-errors';
import { draftPath, esignPath } from '@/lib/document-paths';
import { notifySuccess } from '@/lib/notify';
import { useApplyTemplate, useTemplateOptions, useTemplateSigners } from '../api/templates';
import { TemplateSummary } from './template-summary';

type TTemplatePickerModalProps = {
  opened: boolean;
  onClose: () => void;
  /** A template with only an e-Meterai: the caller places the box where the template has it. */
  onPick: (template: TTemplate) => void;
  /**
   * The draft the picker is opened for. With it, templates with e-signature boxes are offered
   * too: picking one applies it (its signers, in order, and its e-Meterai box are stored on the
   * document) and goes on to the signing screen.
   */
  documentId?: number | undefined;
};

/** "Use template": pick a template for the open draft. */
export const TemplatePickerModal = ({
  opened,
  onClose,
  onPick,
  documentId,
}: TTemplatePickerModalProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = useTemplateOptions(opened);
  const withSigners = documentId !== undefined;
  const signers = useTemplateSigners(opened && withSigners);
  const apply = useApplyTemplate();
  const [chosen, setChosen] = useState<string | null>(null);
  const usable = (templates.data ?? []).filter(
    (tpl) => tpl.emeterai !== null || (withSigners && tpl.esign.length > 0),
  );
  const template = usable.find((tpl) => String(tpl.id) === chosen) ?? null;
  const signsFirst = withSigners && (template?.esign.length ?? 0) > 0;

  const pick = () => {
    if (!template) return;
    if (!signsFirst || documentId === undefined) {
      onPick(template);
      return;
    }
    apply.mutate(
      { params: { id: template.id }, body: { document_id: documentId } },
      {
        onSuccess: (result) => {
          notifySuccess(t('stamping.template.appliedSign', { name: template.name }));
          onClose();
          navigate(result.data.next === 'sign' ? esignPath(documentId) : draftPath(documentId));
        },
      },
    );
  };

  return (
    <DialogModal opened={opened} onClose={onClose} title={t('stamping.template.pickTitle')}>
      <Stack gap="md" data-testid="template-picker">
        {templates.isPending ? <Loader size="sm" /> : null}
        {templates.error ? <ErrorAlert>{statusMessage(templates.error, t)}</ErrorAlert> : null}
        {templates.data && usable.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {withSigners ? t('stamping.template.none') : t('stamping.template.noneWithStamp')}
          </Text>
        ) : null}
        {usable.length > 0 ? (
          <Select
            label={t('stamping.template.label')}
            placeholder={t('stamping.template.placeholder')}
            data={usable.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              apply.reset();
            }}
            searchable
            data-testid="template-picker-select"
          />
        ) : null}
        {template ? (
          <TemplateSummary
            template={template}
            withSigners={withSigners}
            signers={signers.data}
            testId="template-picker-signers"
          />
        ) : null}
        <DialogActions
          error={apply.error ? serverMessage(apply.error, t) : null}
          onCancel={onClose}
          cancelLabel={t('stamping.actions.cancel')}
          gap="sm"
        >
          <Button
            disabled={!template}
            loading={apply.isPending}
            onClick={pick}
            data-testid="template-picker-apply"
          >
            {signsFirst ? t('stamping.template.toSigning') : t('stamping.template.apply')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogModal>
  );
};
