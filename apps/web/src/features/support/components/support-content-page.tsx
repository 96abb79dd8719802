import type { TArticle, TArticleKind } from '@bubuh/contracts';
import {
  Accordion,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryFallback } from '@/components/query-fallback';
import { editDeleteActions, RowActions } from '@/components/row-actions';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useDeleteConfirm, useFormDialog } from '@/lib/use-row-dialogs';
import { useArticles, useDeleteArticle } from '../api/articles';
import { ArticleFeedback } from './article-feedback';
import { ArticleFormModal } from './article-form-modal';

const byTopic = (rows: TArticle[]) => {
  const groups = new Map<string, TArticle[]>();
  for (const row of rows) groups.set(row.topic, [...(groups.get(row.topic) ?? []), row]);
  return [...groups.entries()];
};

/**
 * /support/faq and /support/knowledge-base: content in the UI language, grouped by topic, searched
 * on the server, answers expand; articles ask "was this helpful". Super adds, edits and deletes.
 */
export const SupportContentPage = ({ kind }: { kind: TArticleKind }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'id' ? 'id' : 'en';
  const support = useSession()?.userData.role === 'super';
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useArticles(kind, { language, search: debounced || undefined });
  const form = useFormDialog<TArticle>();
  const remove = useDeleteArticle();
  const deletion = useDeleteConfirm({
    remove,
    idOf: (row: TArticle) => ({ params: { id: row.id } }),
    onDeleted: () => notifySuccess(t('support.toast.deleted')),
    errorText: (error) => serverMessage(error, t),
  });
  const rows = query.data;
  const first = params.get('article');
  const prefix = kind === 'faq' ? 'faq' : 'article';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid={`${prefix}-page`}>
      <Group justify="space-between" mb="md">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t(
            kind === 'faq' ? 'support.content.searchFaq' : 'support.content.searchArticles',
          )}
          aria-label={t(
            kind === 'faq' ? 'support.content.searchFaq' : 'support.content.searchArticles',
          )}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
          data-testid={`${prefix}-search`}
        />
        {support ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => form.open(null)}
            data-testid={`${prefix}-add`}
          >
            {t('support.content.add')}
          </Button>
        ) : null}
      </Group>
      {!rows ? (
        <QueryFallback pending={query.isPending} error={query.error} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid={`${prefix}-empty`}>
          {t('support.content.empty')}
        </Text>
      ) : (
        <Stack gap="lg">
          {byTopic(rows).map(([topic, items]) => (
            <Stack key={topic} gap="xs">
              <Title order={3} fz="md">
                {topic}
              </Title>
              <Accordion variant="separated" defaultValue={first} data-testid={`${prefix}-list`}>
                {items.map((a) => (
                  <Accordion.Item key={a.id} value={String(a.id)} data-testid={`${prefix}-item`}>
                    <Accordion.Control>
                      <Group gap="xs">
                        <Text fw={600} fz="sm">
                          {a.title}
                        </Text>
                        {a.published ? null : (
                          <Badge size="xs" color="gray">
                            {t('support.content.draft')}
                          </Badge>
                        )}
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Typography fz="sm">
                        {/* body_html is rendered and sanitised by the server (no script, handler or javascript: link). */}
                        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side by sanitize-html */}
                        <div dangerouslySetInnerHTML={{ __html: a.body_html }} />
                      </Typography>
                      <Group justify="space-between" mt="sm">
                        {kind === 'article' ? <ArticleFeedback id={a.id} /> : <span />}
                        {support ? (
                          <RowActions
                            name={a.title}
                            actions={editDeleteActions(
                              t,
                              'article',
                              () => form.open(a),
                              () => deletion.ask(a),
                            )}
                          />
                        ) : null}
                      </Group>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          ))}
        </Stack>
      )}
      {support ? (
        <>
          <ArticleFormModal
            kind={kind}
            opened={form.opened}
            editing={form.editing}
            language={language}
            onClose={form.close}
          />
          <ConfirmDialog
            testId="article-delete-dialog"
            title={t('support.content.deleteTitle')}
            body={t('support.content.deleteBody', { name: deletion.deleting?.title ?? '' })}
            confirmLabel={t('master.actions.delete')}
            {...deletion.dialog}
          />
        </>
      ) : null}
    </Paper>
  );
};
