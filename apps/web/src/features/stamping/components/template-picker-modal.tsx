import type { TTemplate } from '@bubuh/contracts';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusMessage } from '@/lib/api-errors';
import { useTemplateOptions } from '../api/templates';
import { placementSummary, templateTypeKey } from '../utils/format';

type TTemplatePickerModalProps = {
  opened: boolean;
  onClose: () => void;
  onPick: (template: TTemplate) => void;
};

/** "Use template": pick one of the templates with an e-Meterai placement. */
export const TemplatePickerModal = ({ opened, onClose, onPick }: TTemplatePickerModalProps) => {
  const { t } = useTranslation();
  const templates = useTemplateOptions(opened);
  const [chosen, setChosen] = useState<string | null>(null);
  const usable = (templates.data ?? []).filter((tpl) => tpl.emeterai !== null);
  const template = usable.find((tpl) => String(tpl.id) === chosen) ?? null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('stamping.template.pickTitle')}
      centered
      radius="lg"
    >
      <Stack gap="md" data-testid="template-picker">
        {templates.isPending ? <Loader size="sm" /> : null}
        {templates.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {statusMessage(templates.error, t)}
          </Alert>
        ) : null}
        {templates.data && usable.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('stamping.template.noneWithStamp')}
          </Text>
        ) : null}
        {usable.length > 0 ? (
          <Select
            label={t('stamping.template.label')}
            placeholder={t('stamping.template.placeholder')}
            data={usable.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            data-testid="template-picker-select"
          />
        ) : null}
        {template?.emeterai ? (
          <Text fz="sm" c="dimmed">
            {t(templateTypeKey(template.type))} · {placementSummary(template.emeterai, t)}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('stamping.actions.cancel')}
          </Button>
          <Button
            disabled={!template}
            onClick={() => {
              if (template) onPick(template);
            }}
            data-testid="template-picker-apply"
          >
            {t('stamping.template.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
