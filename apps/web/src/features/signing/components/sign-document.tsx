import {
  documentActionsFor,
  documentRoleOf,
  ROUTES,
  type TSignerEntry,
  type TUserData,
} from '@bubuh/contracts';
import { Alert, Anchor, Button, Divider, Select, Switch, Text } from '@mantine/core';
import { IconHandStop, IconSignature } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DocumentHeading } from '@/components/document-editor/document-heading';
import classes from '@/components/document-editor/editor.module.css';
import { EditorFrame, StampDocumentFallback } from '@/components/document-editor/editor-frame';
import { JavaScriptAck } from '@/components/document-editor/javascript-ack';
import { useJavaScriptAck } from '@/components/document-editor/use-javascript-ack';
import { usePlacementEditor } from '@/components/document-editor/use-placement-editor';
import { signViewerBox } from '@/components/document-editor/viewer-boxes';
import { ErrorAlert } from '@/components/error-alert';
import { signBoxWhereLooking } from '@/components/pdf-viewer/pdf-viewer';
import type { TViewerBox } from '@/components/pdf-viewer/placement-box';
import { SigningStopNotice } from '@/components/signing-stop-notice';
import { StickyActionBar } from '@/components/sticky-action-bar';
import { serverMessage } from '@/lib/api-errors';
import { useDocument, useDocumentPdf } from '@/lib/document-queries';
import { notifySuccess } from '@/lib/notify';
import { fromPdfPlacement, type TDisplayBox } from '@/lib/placement';
import {
  type TSignInput,
  useBearerImage,
  useDeclineSigning,
  useMySpecimens,
  useSetSigners,
  useSignDocument,
  useSignerCandidates,
} from '../api/signing';
import { DeclineDialog } from './decline-dialog';
import { IdentityDialog, identityRequired, type TIdentity } from './identity-dialog';
import { SignProgress } from './sign-progress';
import { SignerPlanner, type TPlannedSigner, type TSigningRoundInput } from './signer-planner';
import { SignerQueue } from './signer-queue';

type TSignDocumentProps = { documentId: number; user: TUserData };

/**
 * /stamp/single/esign/{id}: sign a document before it is stamped. Without a signer list the
 * caller places their signature and signs; any company member can instead ask colleagues to sign, in order,
 * each with their own box. The first signature of a user confirms their name and NIK.
 */
export const SignDocument = ({ documentId, user }: TSignDocumentProps) => {
  const { t } = useTranslation();
  const docQuery = useDocument(documentId);
  const doc = docQuery.data;
  const pdf = useDocumentPdf(doc);
  const specimens = useMySpecimens(user.id);
  const can = doc ? documentActionsFor(doc, user) : null;
  const candidates = useSignerCandidates(can?.askSigners ?? false, user.id);
  const setSigners = useSetSigners();
  const sign = useSignDocument();
  const decline = useDeclineSigning();
  const [declining, setDeclining] = useState(false);
  const [round, setRound] = useState<TSigningRoundInput>({ deadline: '', remindEvery: '' });
  const javascript = useJavaScriptAck(doc, sign.error);
  const editor = usePlacementEditor<TPlannedSigner>();
  const { pages, setPages, items: planned, setItems: setPlanned, placementOf } = editor;
  const [myBox, setMyBox] = useState<TDisplayBox | null>(null);
  const [specimenId, setSpecimenId] = useState<string | null>(null);
  const [planning, setPlanning] = useState(false);
  const [identity, setIdentity] = useState<{ who: TIdentity; body: TSignInput } | null>(null);
  const [signedNow, setSignedNow] = useState(false);

  /** A new signature box on the page the user is looking at (the first page at the start). */
  const boxInView = (index: number) => signBoxWhereLooking(pages, 1, index);
  // Placed once the pages are shown, where the user is looking.
  const pagesShown = pages.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once, when the pages appear
  useEffect(() => {
    if (myBox || !pagesShown) return;
    setMyBox(boxInView(0));
  }, [myBox, pagesShown]);

  // The default specimen is preselected.
  useEffect(() => {
    if (specimenId !== null || !specimens.data) return;
    const preferred = specimens.data.find((s) => s.is_default) ?? specimens.data[0];
    if (preferred) setSpecimenId(String(preferred.id));
  }, [specimens.data, specimenId]);

  const specimen = specimens.data?.find((s) => String(s.id) === specimenId) ?? null;
  const specimenSrc = useBearerImage(specimen?.image_url ?? null);

  const queue = useMemo(
    () => [...(doc?.signers ?? [])].sort((a, b) => a.position - b.position),
    [doc?.signers],
  );
  const next = queue.find((s) => s.status === 'pending') ?? null;
  const hasQueue = queue.length > 0;
  const myTurn = hasQueue && next?.user_id === user.id;
  // A stopped round (declined, past its deadline) is not signed until its owner asks again.
  const stopped = doc?.signing_status === 'stopped';
  const signable = doc?.status === 'nostamp' && doc.signing_status !== 'stamping' && !stopped;

  const boxes = useMemo<TViewerBox[]>(() => {
    const signatureContent = (name: string) =>
      specimenSrc ? (
        <img className={classes.specimen} src={specimenSrc} alt="" />
      ) : (
        <span className={classes.typedName}>{name}</span>
      );
    const list: TViewerBox[] = [];
    if (hasQueue && !planning) {
      // A signed box is in the PDF itself now: only the boxes still to sign are drawn over it.
      for (const signer of queue.filter((s) => s.status === 'pending')) {
        const shown = fromPdfPlacement(signer.placement, pages);
        if (!shown) continue;
        const mine = signer === next && signer.user_id === user.id;
        list.push(
          signViewerBox(shown, t('stamping.sign.boxOf', { name: signer.fullName }), {
            id: `queue-${signer.position}`,
            content: mine ? signatureContent(signer.fullName) : undefined,
            testId: mine ? 'sign-box' : undefined,
          }),
        );
      }
      if (doc?.placements.emeterai && doc.status !== 'stamp') {
        const stamp = fromPdfPlacement(doc.placements.emeterai, pages);
        if (stamp)
          list.push({
            id: 'emeterai',
            box: stamp,
            kind: 'stamp',
            editable: false,
            label: t('stamping.box.label'),
          });
      }
      return list;
    }
    if (planning) {
      planned.forEach((signer, index) => {
        list.push(
          signViewerBox(signer.box, `${index + 1}. ${signer.name}`, {
            id: signer.key,
            editable: true,
            testId: `planned-box-${index + 1}`,
          }),
        );
      });
      return list;
    }
    if (myBox && signable) {
      list.push(
        signViewerBox(myBox, t('stamping.sign.boxOf', { name: user.fullName }), {
          id: 'me',
          editable: true,
          content: signatureContent(user.fullName),
          testId: 'sign-box',
        }),
      );
    }
    return list;
  }, [hasQueue, queue, pages, next, user, planning, planned, myBox, signable, doc, specimenSrc, t]);

  const send = (body: TSignInput) => {
    sign.mutate(
      { body },
      {
        onSuccess: () => {
          setIdentity(null);
          setSignedNow(true);
          notifySuccess(t('stamping.sign.success'));
        },
        onError: (error) => {
          const who = identityRequired(error);
          if (who) setIdentity({ who, body });
        },
      },
    );
  };

  const signNow = () => {
    if (!doc) return;
    const placement = hasQueue ? (next?.placement ?? null) : myBox ? placementOf(myBox) : null;
    if (!placement) return;
    sign.reset();
    setSignedNow(false);
    send({
      document_id: doc.document_id,
      ...placement,
      ...(specimen ? { specimen_id: specimen.id } : {}),
      ...javascript.body,
    });
  };

  const addPlanned = (userId: number, name: string) => {
    const box = boxInView(planned.length);
    if (!box) return;
    editor.add({ key: `${userId}-${Date.now()}`, userId, name, box });
  };
  const addOutside = (name: string, party: { email: string; phone?: string }) => {
    const box = boxInView(planned.length);
    if (!box) return;
    editor.add({ key: `${party.email}-${Date.now()}`, userId: null, party, name, box });
  };

  const saveSigners = () => {
    if (!doc || planned.length === 0) return;
    const signers = planned.flatMap((signer): TSignerEntry[] => {
      const placement = placementOf(signer.box);
      if (!placement) return [];
      if (signer.userId !== null) return [{ user_id: signer.userId, ...placement }];
      return signer.party ? [{ name: signer.name, ...signer.party, ...placement }] : [];
    });
    const remindEvery = typeof round.remindEvery === 'number' ? round.remindEvery : null;
    setSigners.mutate(
      {
        body: {
          document_id: doc.document_id,
          signers,
          // The local date-time the owner picked, sent with its offset (as UTC).
          deadline: round.deadline ? new Date(round.deadline).toISOString() : null,
          remind_every_days: remindEvery,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('stamping.sign.signersSaved'));
          setPlanning(false);
          setPlanned([]);
          setRound({ deadline: '', remindEvery: '' });
        },
      },
    );
  };

  const declineNow = (reason: string) => {
    if (!doc) return;
    decline.mutate(
      { body: { document_id: doc.document_id, reason } },
      {
        onSuccess: () => {
          setDeclining(false);
          notifySuccess(t('stamping.sign.declined', { owner: doc.owner }));
        },
      },
    );
  };

  if (docQuery.isPending || docQuery.error || !doc)
    return <StampDocumentFallback query={docQuery} />;

  const candidateOptions = [
    { value: String(user.id), label: t('stamping.sign.me', { name: user.fullName }) },
    ...(candidates.data ?? []).map((c) => ({ value: String(c.id), label: c.fullName })),
  ];

  return (
    <EditorFrame
      testId="sign-document"
      pdf={pdf}
      boxes={boxes}
      onPages={setPages}
      onBoxChange={(id, box) => {
        if (id === 'me') setMyBox(box);
        else editor.update(id, (s) => ({ ...s, box }));
      }}
      dialogs={
        <>
          <IdentityDialog
            identity={identity?.who ?? null}
            pending={sign.isPending}
            onClose={() => setIdentity(null)}
            onConfirm={() => {
              if (identity) send({ ...identity.body, identity_confirmed: true });
            }}
          />
          <DeclineDialog
            opened={declining}
            owner={doc.owner}
            pending={decline.isPending}
            error={decline.error}
            onClose={() => {
              setDeclining(false);
              decline.reset();
            }}
            onDecline={declineNow}
          />
        </>
      }
    >
      <DocumentHeading doc={doc} />

      {doc.status === 'stamp' ? (
        <Alert color="green" variant="light" data-testid="sign-complete">
          {t('stamping.sign.complete')}
        </Alert>
      ) : stopped ? (
        <SigningStopNotice doc={doc} managing={documentRoleOf(doc, user).manages} />
      ) : !signable ? (
        <Alert color="gray" variant="light" data-testid="sign-not-possible">
          {t('stamping.sign.notPossible')}
        </Alert>
      ) : null}

      {hasQueue ? <SignerQueue doc={doc} /> : null}

      <SignProgress doc={doc} user={user} signedNow={signedNow} />

      {signable && !planning && (!hasQueue || myTurn) ? (
        <>
          <Divider label={t('stamping.sign.yourSignature')} labelPosition="left" />
          {specimens.data && specimens.data.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('stamping.sign.noSpecimen')}{' '}
              <Anchor component={Link} to={ROUTES.masterEsign.path} fz="sm" underline="always">
                {t('page.masterEsign')}
              </Anchor>
            </Text>
          ) : (
            <Select
              label={t('stamping.sign.specimen')}
              data={(specimens.data ?? []).map((s) => ({
                value: String(s.id),
                label: s.is_default ? `${s.name} (${t('stamping.sign.default')})` : s.name,
              }))}
              value={specimenId}
              onChange={setSpecimenId}
              allowDeselect={false}
              disabled={specimens.isPending}
              data-testid="specimen-select"
            />
          )}
          <Text fz="sm" c="dimmed">
            {hasQueue ? t('stamping.sign.yourTurn') : t('stamping.sign.placeHelp')}
          </Text>
          {javascript.prompt ? <JavaScriptAck {...javascript.prompt} /> : null}
          {javascript.error && !identityRequired(javascript.error) ? (
            <ErrorAlert>{serverMessage(javascript.error, t)}</ErrorAlert>
          ) : null}
          <StickyActionBar>
            <Button
              size="md"
              fullWidth
              leftSection={<IconSignature size={18} />}
              onClick={signNow}
              loading={sign.isPending && !identity}
              disabled={pages.length === 0 || (javascript.asked && !javascript.checked)}
              data-testid="sign-submit"
            >
              {t('stamping.sign.button')}
            </Button>
          </StickyActionBar>
        </>
      ) : null}

      {signable && hasQueue && !myTurn && next && !signedNow ? (
        <Alert color="blue" variant="light" data-testid="sign-waiting">
          {t('stamping.sign.progress', {
            signed: queue.length - queue.filter((s) => s.status === 'pending').length,
            total: queue.length,
            name: next.fullName,
          })}
        </Alert>
      ) : null}

      {can?.decline && !planning ? (
        <Button
          variant="light"
          color="red"
          leftSection={<IconHandStop size={16} />}
          onClick={() => setDeclining(true)}
          data-testid="sign-decline"
        >
          {t('stamping.sign.decline')}
        </Button>
      ) : null}

      {can?.askSigners ? (
        <>
          <Divider label={t('stamping.sign.signers')} labelPosition="left" />
          <Switch
            checked={planning}
            onChange={(event) => {
              setPlanning(event.currentTarget.checked);
              setSigners.reset();
            }}
            label={t('stamping.sign.askOthers')}
            description={t('stamping.sign.askOthersHelp')}
            data-testid="plan-signers"
          />
          {planning ? (
            <SignerPlanner
              options={candidateOptions}
              optionsPending={candidates.isPending}
              canAdd={pages.length > 0}
              planned={planned}
              onAdd={addPlanned}
              onAddOutside={addOutside}
              onMove={(index, delta) => editor.move(index, delta)}
              onRemove={(key) => editor.remove(key)}
              round={round}
              onRound={setRound}
              error={setSigners.error}
              saving={setSigners.isPending}
              onSave={saveSigners}
            />
          ) : null}
        </>
      ) : null}
    </EditorFrame>
  );
};
