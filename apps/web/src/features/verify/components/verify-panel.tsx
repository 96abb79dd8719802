import { formatDateTime } from '@bubuh/contracts';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconFileTypePdf,
  IconLock,
  IconRefresh,
  IconShield,
  IconShieldCheck,
  IconShieldX,
  IconUpload,
} from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dropzone from '@/components/document-editor/editor.module.css';
import { ErrorAlert } from '@/components/error-alert';
import { serverMessage } from '@/lib/api-errors';
import { pdfFileProblem } from '@/lib/upload-rules';
import { useFileDrop } from '@/lib/use-file-drop';
import { type TVerifiedSignature, type TVerifyResult, useVerifyDocument } from '../api/verify';
import { countByKind, issuedHere, sortedSignatures } from '../utils/verdict';
import classes from './verify.module.css';

/** /services/stamp: anyone uploads a PDF and sees whether its e-Meterai and signatures hold. */
export const VerifyPanel = () => {
  const { t } = useTranslation();
  const verify = useVerifyDocument();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file || verify.isPending) return;
    const issue = pdfFileProblem(file);
    // An empty file still goes to the server, which says why it cannot be read.
    if (issue === 'type' || issue === 'size') {
      setProblem(t(`verify.problem.${issue}`));
      return;
    }
    setProblem(null);
    verify.mutate(file);
  };

  const dropProps = useFileDrop((files) => take(files[0]));

  const error = problem ?? (verify.error ? serverMessage(verify.error, t) : null);

  return (
    <Container size={920} py={{ base: 32, md: 56 }} data-testid="verify-page">
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconShieldCheck size={30} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('verify.title')}
          </Title>
          <Text c="dimmed" maw={620}>
            {t('verify.intro')}
          </Text>
        </Stack>

        {/* A drop target for the mouse; the button is the keyboard path. */}
        <div className={dropzone.dropzone} {...dropProps}>
          <Stack align="center" gap="sm">
            {verify.isPending ? <Loader /> : <IconFileTypePdf size={40} stroke={1.4} />}
            <Text fw={600}>{verify.isPending ? t('verify.checking') : t('verify.drop')}</Text>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={() => inputRef.current?.click()}
              disabled={verify.isPending}
              data-testid="verify-choose"
            >
              {t('verify.choose')}
            </Button>
            <input
              ref={inputRef}
              type="file"
              accept="application/pdf,.pdf"
              hidden
              data-testid="verify-input"
              onChange={(event) => {
                take(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
            <Group gap={6} c="dimmed">
              <IconLock size={14} />
              <Text fz="xs" data-testid="verify-nothing-stored">
                {t('verify.nothingStored')}
              </Text>
            </Group>
          </Stack>
        </div>

        {error ? <ErrorAlert testId="verify-error">{error}</ErrorAlert> : null}

        {verify.data && !verify.isPending ? (
          <VerifyResult result={verify.data} onAgain={() => inputRef.current?.click()} />
        ) : null}
      </Stack>
    </Container>
  );
};

const VerifyResult = ({ result, onAgain }: { result: TVerifyResult; onAgain: () => void }) => {
  const { t } = useTranslation();
  const counts = countByKind(result);
  // A plain PDF is not "modified": it simply carries no signature (said neutrally, in grey).
  const unsigned = result.signatures.length === 0;
  const Icon = result.intact ? IconShieldCheck : unsigned ? IconShield : IconShieldX;
  const tone = result.intact ? 'green' : unsigned ? 'gray' : 'red';
  // The summary counts what the details show: signatures carrying a trusted time.
  const signatures = result.signatures.filter((s) => s.kind !== 'timestamp');
  const timestamped = signatures.filter((s) => s.timestamped).length;
  return (
    <Stack gap="lg" data-testid="verify-result">
      <Card
        withBorder
        padding="lg"
        className={classes.verdict}
        data-intact={result.intact || undefined}
      >
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="xl" color={tone} variant="light">
            <Icon size={30} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} fz="xl" c={`${tone}.8`} data-testid="verify-verdict">
              {result.intact
                ? t('verify.intact')
                : unsigned
                  ? t('verify.unsigned')
                  : t('verify.invalid')}
            </Title>
            <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }}>
              {result.file_name}
            </Text>
            <Text fz="sm" c="dimmed">
              {result.signatures.length === 0
                ? t('verify.noSignatures')
                : t('verify.summary', {
                    emeterai: counts.emeterai,
                    esign: counts.esign,
                    timestamped,
                    total: signatures.length,
                  })}
            </Text>
            <Text fz="sm" c="dimmed">
              {result.intact
                ? t('verify.intactHelp')
                : unsigned
                  ? t('verify.unsignedHelp')
                  : t('verify.invalidHelp')}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} />}
            onClick={onAgain}
            visibleFrom="sm"
          >
            {t('verify.another')}
          </Button>
        </Group>
      </Card>

      {sortedSignatures(result).map((signature) => (
        <SignatureCard key={signature.field_name} signature={signature} result={result} />
      ))}
    </Stack>
  );
};

const Check = ({ ok, label, value }: { ok: boolean; label: string; value: string }) => (
  <Group gap={8} wrap="nowrap" align="flex-start">
    <ThemeIcon size={22} radius="xl" variant="light" color={ok ? 'green' : 'red'}>
      {ok ? <IconCircleCheck size={15} /> : <IconCircleX size={15} />}
    </ThemeIcon>
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {value}
      </Text>
    </div>
  </Group>
);

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text fz="xs" c="dimmed">
      {label}
    </Text>
    <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }}>
      {children}
    </Text>
  </div>
);

const SignatureCard = ({
  signature,
  result,
}: {
  signature: TVerifiedSignature;
  result: TVerifyResult;
}) => {
  const { t } = useTranslation();
  const known = issuedHere(signature, result);
  const wholeOk = signature.covers_whole_document || signature.modified_after !== 'disallowed';
  return (
    <Card withBorder padding="lg" data-testid={`verify-signature-${signature.kind}`}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Badge
              size="lg"
              variant="light"
              color={
                signature.kind === 'emeterai'
                  ? 'pink'
                  : signature.kind === 'esign'
                    ? 'blue'
                    : 'gray'
              }
            >
              {t(`verify.kind.${signature.kind}`)}
            </Badge>
            {signature.serial_number ? (
              <Text className={classes.serial} data-testid="verify-serial">
                {signature.serial_number}
              </Text>
            ) : null}
          </Group>
          {signature.kind === 'emeterai' ? (
            <Badge
              variant="dot"
              color={known ? 'green' : 'gray'}
              data-testid="verify-known"
              data-known={known || undefined}
            >
              {known ? t('verify.issuedHere') : t('verify.notIssuedHere')}
            </Badge>
          ) : null}
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Field label={t('verify.signer')}>{signature.signer ?? '-'}</Field>
          <Field label={t('verify.time')}>
            {signature.signing_time ? formatDateTime(signature.signing_time) : '-'}
          </Field>
          <Field label={t('verify.reason')}>{signature.reason ?? '-'}</Field>
          <Field label={t('verify.location')}>{signature.location ?? '-'}</Field>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Check
            ok={signature.integrity}
            label={t('verify.integrity')}
            value={signature.integrity ? t('verify.integrityOk') : t('verify.integrityBroken')}
          />
          <Check
            ok={signature.trusted}
            label={t('verify.trust')}
            value={signature.trusted ? t('verify.trusted') : t('verify.untrusted')}
          />
          <Check
            ok={wholeOk}
            label={t('verify.coverage')}
            value={
              signature.covers_whole_document
                ? t('verify.coversWhole')
                : t(`verify.modifiedAfter.${signature.modified_after}`)
            }
          />
          <Check
            ok={signature.timestamped || signature.kind === 'timestamp'}
            label={t('verify.timestamp')}
            value={
              signature.timestamped || signature.kind === 'timestamp'
                ? t('verify.timestamped')
                : t('verify.notTimestamped')
            }
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
};
