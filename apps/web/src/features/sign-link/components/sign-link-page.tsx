import { formatDateTime, type TSignLinkView } from '@bubuh/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  FileInput,
  Group,
  Loader,
  PinInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconDownload,
  IconMailForward,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PdfViewer } from '@/components/pdf-viewer/pdf-viewer';
import { SignaturePad, type TSignaturePadHandle } from '@/components/signature-pad/signature-pad';
import { specimenFileProblem } from '@/components/signature-pad/specimen';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { fromPdfPlacement, type TPageGeometry } from '@/lib/placement';
import { saveBlob } from '@/lib/save-blob';
import {
  signWith,
  storeSession,
  useSendCode,
  useSignLink,
  useSignLinkFile,
  useVerifyCode,
} from '../api/sign-link';

type TMode = 'draw' | 'type' | 'upload';

/**
 * /sign/:token: a signer outside the company opens their link, proves the e-mail with a code,
 * reads the document and signs in the box the sender placed; afterwards they may download it.
 */
export const SignLinkPage = ({ token }: { token: string }) => (
  <Container size={920} py={{ base: 32, md: 56 }}>
    <SignLinkBody token={token} />
  </Container>
);

const SignLinkBody = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const view = useSignLink(token);
  if (view.isPending) return <Loader />;
  if (view.error || !view.data)
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        data-testid="sign-link-closed"
      >
        {isApiError(view.error) && view.error.status === 404
          ? t('stamping.signLink.closed')
          : serverMessage(view.error, t)}
      </Alert>
    );
  const link = view.data;
  return (
    <Stack gap="md" data-testid="sign-link-page">
      <Title order={2} fz="h3">
        {link.file_name}
      </Title>
      <Text>{t('stamping.signLink.intro', { owner: link.owner_name, file: link.file_name })}</Text>
      <Text fz="sm" c="dimmed">
        {t('stamping.signLink.expires', { date: formatDateTime(link.expires_at) })}
      </Text>
      {link.verified ? (
        <VerifiedLink token={token} link={link} />
      ) : (
        <CodeStep token={token} link={link} />
      )}
    </Stack>
  );
};

/** The one-time code that proves the e-mail (sent on request, six digits). */
const CodeStep = ({ token, link }: { token: string; link: TSignLinkView }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const send = useSendCode();
  const verify = useVerifyCode();
  const [code, setCode] = useState('');
  const submit = (value: string) =>
    verify.mutate(
      { params: { token }, body: { code: value } },
      {
        onSuccess: (answer) => {
          storeSession(token, answer.data.session);
          void client.invalidateQueries({ queryKey: ['signing-link'] });
        },
        onError: () => setCode(''),
      },
    );
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Text>{t('stamping.signLink.codeIntro', { email: link.email_hint })}</Text>
        {send.isSuccess ? (
          <Alert color="blue" variant="light" data-testid="sign-link-code-sent">
            {t('stamping.signLink.codeSent', { email: link.email_hint })}
          </Alert>
        ) : null}
        {send.error ? (
          <Alert color="red" variant="light" role="alert">
            {serverMessage(send.error, t)}
          </Alert>
        ) : null}
        <Group>
          <Button
            leftSection={<IconMailForward size={18} />}
            variant={send.isSuccess ? 'default' : 'filled'}
            loading={send.isPending}
            onClick={() => send.mutate({ params: { token } })}
            data-testid="sign-link-send-code"
          >
            {send.isSuccess ? t('stamping.signLink.resend') : t('stamping.signLink.sendCode')}
          </Button>
        </Group>
        {send.isSuccess ? (
          <Stack gap="xs">
            <Text fz="sm" fw={500}>
              {t('stamping.signLink.codeLabel')}
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              onComplete={submit}
              aria-label={t('stamping.signLink.codeLabel')}
              data-testid="otp-input"
            />
            {verify.error ? (
              <Alert color="red" variant="light" role="alert" data-testid="sign-link-code-error">
                {serverMessage(verify.error, t)}
              </Alert>
            ) : null}
            <Group>
              <Button
                onClick={() => submit(code)}
                disabled={code.length !== 6}
                loading={verify.isPending}
                data-testid="sign-link-verify"
              >
                {t('stamping.signLink.verify')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
};

/** The verified party: the document, their box, and the signature or the finished file. */
const VerifiedLink = ({ token, link }: { token: string; link: TSignLinkView }) => {
  const { t } = useTranslation();
  const file = useSignLinkFile(token, true, link.status);
  const [pages, setPages] = useState<TPageGeometry[]>([]);
  const box = useMemo(() => fromPdfPlacement(link.box, pages), [link.box, pages]);
  const boxes =
    box && link.status === 'your-turn'
      ? [
          {
            id: 'mine',
            box,
            kind: 'sign' as const,
            editable: false,
            label: t('stamping.signLink.boxLabel', { name: link.party_name }),
            testId: 'sign-link-box',
          },
        ]
      : [];
  const download = () => {
    if (file.data) saveBlob(new Blob([file.data], { type: 'application/pdf' }), link.file_name);
  };
  return (
    <Stack gap="md">
      {link.status === 'your-turn' ? <SignForm token={token} link={link} /> : null}
      {link.status === 'waiting' ? (
        <Alert color="blue" variant="light">
          {t('stamping.signLink.waiting')}
        </Alert>
      ) : null}
      {link.status === 'signed' || link.status === 'completed' ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title={
            link.status === 'completed'
              ? t('stamping.signLink.completedTitle')
              : t('stamping.signLink.signedTitle')
          }
          data-testid={`sign-link-${link.status}`}
        >
          <Stack gap="xs">
            <Text fz="sm">
              {link.status === 'completed'
                ? t('stamping.signLink.completedBody')
                : t('stamping.signLink.signedBody')}
            </Text>
            {link.status === 'completed' ? (
              <Group>
                <Button
                  leftSection={<IconDownload size={18} />}
                  onClick={download}
                  disabled={!file.data}
                  data-testid="sign-link-download"
                >
                  {t('stamping.signLink.download')}
                </Button>
              </Group>
            ) : null}
            <Text fz="sm">
              {t('stamping.signLink.account')}{' '}
              <Anchor component={Link} to="/register">
                {t('stamping.signLink.createAccount')}
              </Anchor>
            </Text>
          </Stack>
        </Alert>
      ) : null}
      {file.error ? (
        <Alert color="red" variant="light" role="alert">
          {t('stamping.signLink.loadFailed')}
        </Alert>
      ) : null}
      <PdfViewer
        data={file.data ?? null}
        boxes={boxes}
        onPages={setPages}
        loadError={Boolean(file.error)}
        testId="sign-link-viewer"
      />
    </Stack>
  );
};

/** Draw, type or upload the signature, then sign. */
const SignForm = ({ token, link }: { token: string; link: TSignLinkView }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pad = useRef<TSignaturePadHandle>(null);
  const [mode, setMode] = useState<TMode>('draw');
  const [typed, setTyped] = useState(link.party_name);
  const [upload, setUpload] = useState<File | null>(null);
  const [padEmpty, setPadEmpty] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileProblem = upload ? specimenFileProblem(upload) : null;
  const sign = async () => {
    setProblem(null);
    const image = mode === 'draw' ? await pad.current?.toBlob() : mode === 'upload' ? upload : null;
    if (
      (mode !== 'type' && !image) ||
      (mode === 'type' && typed.trim().length < 2) ||
      fileProblem
    ) {
      setProblem(t('stamping.signLink.noSpecimen'));
      return;
    }
    setBusy(true);
    try {
      await signWith(token, mode === 'type' || !image ? { typed: typed.trim() } : { image });
      await client.invalidateQueries({ queryKey: ['signing-link'] });
    } catch (error) {
      setProblem(serverMessage(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Text fz="sm">{t('stamping.signLink.yourBox')}</Text>
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as TMode)}
          data={[
            { value: 'draw', label: t('stamping.signLink.draw') },
            { value: 'type', label: t('stamping.signLink.type') },
            { value: 'upload', label: t('stamping.signLink.upload') },
          ]}
          data-testid="sign-link-mode"
        />
        {mode === 'draw' ? <SignaturePad ref={pad} onChange={setPadEmpty} height={180} /> : null}
        {mode === 'type' ? (
          <TextInput
            label={t('stamping.signLink.typedLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={150}
            data-testid="sign-link-typed"
          />
        ) : null}
        {mode === 'upload' ? (
          <FileInput
            label={t('stamping.signLink.uploadLabel')}
            accept="image/png,image/jpeg"
            value={upload}
            onChange={setUpload}
            error={fileProblem ? t(`stamping.signLink.fileProblem.${fileProblem}`) : undefined}
            clearable
          />
        ) : null}
        {problem ? (
          <Alert color="red" variant="light" role="alert" data-testid="sign-link-problem">
            {problem}
          </Alert>
        ) : null}
        <Group>
          <Button
            onClick={sign}
            loading={busy}
            disabled={mode === 'draw' && padEmpty}
            data-testid="sign-link-sign"
          >
            {t('stamping.signLink.sign')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
