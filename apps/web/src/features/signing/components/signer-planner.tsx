import { REMIND_EVERY_DAYS_MAX } from '@bubuh/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUserPlus, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderControls } from '@/components/document-editor/order-controls';
import { serverMessage } from '@/lib/api-errors';
import type { TDisplayBox } from '@/lib/placement';

/** One planned signer: a colleague (`userId`) or someone outside the company (`party`). */
export type TPlannedSigner = {
  key: string;
  userId: number | null;
  party?: { email: string; phone?: string };
  name: string;
  box: TDisplayBox;
};

/**
 * The round's deadline as a `datetime-local` value (local time, '' for none) and its automatic
 * reminders (days, '' for none).
 */
export type TSigningRoundInput = { deadline: string; remindEvery: number | string };

/** `datetime-local`'s value of a time (the browser's local time, to the minute). */
const localInputValue = (at: Date) => {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

type TSignerPlannerProps = {
  options: { value: string; label: string }[];
  optionsPending: boolean;
  canAdd: boolean;
  planned: TPlannedSigner[];
  onAdd: (userId: number, name: string) => void;
  onAddOutside: (name: string, party: { email: string; phone?: string }) => void;
  onMove: (index: number, delta: number) => void;
  onRemove: (key: string) => void;
  round: TSigningRoundInput;
  onRound: (round: TSigningRoundInput) => void;
  error: Error | null;
  saving: boolean;
  onSave: () => void;
};

/** A company admin's list of who signs, in order (each gets a box on the viewer). */
export const SignerPlanner = ({
  options,
  optionsPending,
  canAdd,
  planned,
  onAdd,
  onAddOutside,
  onMove,
  onRemove,
  round,
  onRound,
  error,
  saving,
  onSave,
}: TSignerPlannerProps) => {
  const { t } = useTranslation();
  const [candidate, setCandidate] = useState<string | null>(null);
  const [outside, setOutside] = useState(false);
  const [party, setParty] = useState({ name: '', email: '', phone: '' });
  const partyReady =
    party.name.trim().length >= 2 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(party.email.trim());
  const addOutside = () => {
    const phone = party.phone.trim();
    onAddOutside(party.name.trim(), { email: party.email.trim(), ...(phone ? { phone } : {}) });
    setParty({ name: '', email: '', phone: '' });
    setOutside(false);
  };
  // The earliest deadline offered: a few minutes from now (the API refuses a past one).
  const earliest = localInputValue(new Date(Date.now() + 5 * 60_000));
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t('stamping.sign.addSigner')}
          placeholder={t('stamping.sign.pickUser')}
          data={options}
          value={candidate}
          onChange={setCandidate}
          searchable
          disabled={optionsPending}
        />
        <ActionIcon
          size="lg"
          variant="light"
          aria-label={t('stamping.sign.addSigner')}
          disabled={!candidate || !canAdd}
          onClick={() => {
            const option = options.find((o) => o.value === candidate);
            if (option) onAdd(Number(option.value), option.label);
            setCandidate(null);
          }}
        >
          <IconUserPlus size={18} />
        </ActionIcon>
      </Group>
      {outside ? (
        <Stack gap="xs" data-testid="outside-signer-form">
          <Text fz="xs" c="dimmed">
            {t('stamping.sign.outsideHint')}
          </Text>
          <TextInput
            label={t('stamping.sign.outsideName')}
            value={party.name}
            onChange={(event) => setParty({ ...party, name: event.currentTarget.value })}
            maxLength={150}
            data-testid="outside-name"
          />
          <TextInput
            label={t('stamping.sign.outsideEmail')}
            type="email"
            value={party.email}
            onChange={(event) => setParty({ ...party, email: event.currentTarget.value })}
            maxLength={254}
            data-testid="outside-email"
          />
          <TextInput
            label={t('stamping.sign.outsidePhone')}
            value={party.phone}
            onChange={(event) => setParty({ ...party, phone: event.currentTarget.value })}
            maxLength={20}
          />
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              disabled={!partyReady || !canAdd}
              onClick={addOutside}
              data-testid="outside-add"
            >
              {t('stamping.sign.addSigner')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setOutside(false)}>
              {t('stamping.actions.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconWorld size={16} />}
          onClick={() => setOutside(true)}
          data-testid="outside-open"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('stamping.sign.addOutside')}
        </Button>
      )}
      {planned.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('stamping.sign.noSigners')}
        </Text>
      ) : (
        planned.map((signer, index) => (
          <Group key={signer.key} gap="xs" wrap="nowrap" justify="space-between">
            <Text fz="sm" truncate="end" style={{ minWidth: 0 }}>
              {index + 1}. {signer.name}
              {signer.party ? (
                <Text span fz="xs" c="dimmed">
                  {' '}
                  · {signer.party.email} ({t('stamping.sign.outsideTag')})
                </Text>
              ) : null}
            </Text>
            <Group gap={2} wrap="nowrap">
              <OrderControls
                index={index}
                count={planned.length}
                onMove={(delta) => onMove(index, delta)}
                onRemove={() => onRemove(signer.key)}
                removeLabel={t('stamping.actions.delete')}
              />
            </Group>
          </Group>
        ))
      )}
      <TextInput
        type="datetime-local"
        label={t('stamping.sign.deadline')}
        description={t('stamping.sign.deadlineHelp')}
        value={round.deadline}
        min={earliest}
        onChange={(event) => onRound({ ...round, deadline: event.currentTarget.value })}
        data-testid="signing-deadline"
      />
      <NumberInput
        label={t('stamping.sign.remindEvery')}
        description={t('stamping.sign.remindEveryHelp')}
        value={round.remindEvery}
        onChange={(value) => onRound({ ...round, remindEvery: value })}
        min={1}
        max={REMIND_EVERY_DAYS_MAX}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        data-testid="signing-remind-every"
      />
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {serverMessage(error, t)}
        </Alert>
      ) : null}
      <Button
        onClick={onSave}
        loading={saving}
        disabled={planned.length === 0}
        data-testid="save-signers"
      >
        {t('stamping.sign.saveSigners')}
      </Button>
    </Stack>
  );
};
