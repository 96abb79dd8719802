import { type TArticle, type TArticleKind, ZArticleWrite } from '@bubuh/contracts';
import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { serverMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateArticle, useUpdateArticle } from '../api/articles';

type TValues = {
  language: 'en' | 'id';
  topic: string;
  title: string;
  body: string;
  published: boolean;
};

const rule = (field: 'topic' | 'title' | 'body', message: string) => (v: string) =>
  ZArticleWrite.shape[field].safeParse(v).success ? null : message;

/** Super writes an FAQ entry or an article (Markdown), in one language, published or draft. */
export const ArticleFormModal = ({
  kind,
  opened,
  editing,
  language,
  onClose,
}: {
  kind: TArticleKind;
  opened: boolean;
  editing: TArticle | null;
  language: 'en' | 'id';
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const form = useForm<TValues>({
    initialValues: { language, topic: '', title: '', body: '', published: true },
    validate: {
      topic: rule('topic', t('support.form.required')),
      title: rule('title', t('support.form.subjectRule')),
      body: rule('body', t('support.form.required')),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the dialog opens.
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      editing
        ? {
            language: editing.language,
            topic: editing.topic,
            title: editing.title,
            body: editing.body,
            published: editing.published,
          }
        : { language, topic: '', title: '', body: '', published: true },
    );
  }, [opened, editing]);
  const mutation = editing ? update : create;
  const submit = form.onSubmit((values) => {
    const body = { ...values, kind };
    const onSuccess = () => {
      notifySuccess(t('support.toast.saved'));
      onClose();
    };
    if (editing) update.mutate({ params: { id: editing.id }, body }, { onSuccess });
    else create.mutate({ body }, { onSuccess });
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('support.content.edit') : t('support.content.add')}
      size="xl"
      onSubmit={submit}
      pending={mutation.isPending}
      error={mutation.error ? serverMessage(mutation.error, t) : null}
      testId="article-form"
      submitTestId="article-form-submit"
    >
      <Select
        label={t('support.content.language')}
        data={[
          { value: 'en', label: 'English' },
          { value: 'id', label: 'Bahasa Indonesia' },
        ]}
        allowDeselect={false}
        {...form.getInputProps('language')}
      />
      <TextInput
        label={t('support.content.topic')}
        withAsterisk
        data-testid="article-topic"
        {...form.getInputProps('topic')}
      />
      <TextInput
        label={kind === 'faq' ? t('support.content.question') : t('support.content.title')}
        withAsterisk
        data-testid="article-title"
        {...form.getInputProps('title')}
      />
      <Textarea
        label={kind === 'faq' ? t('support.content.answer') : t('support.content.body')}
        description={t('support.content.markdown')}
        withAsterisk
        autosize
        minRows={8}
        data-testid="article-body"
        {...form.getInputProps('body')}
      />
      <Switch
        label={t('support.content.published')}
        {...form.getInputProps('published', { type: 'checkbox' })}
      />
    </FormModal>
  );
};
