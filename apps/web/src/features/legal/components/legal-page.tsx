import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { LegalDocument, type TLegalDocumentKey } from './legal-document';

const TITLE_KEYS = {
  privacy: 'page.privacy',
  terms: 'page.terms',
  returnPolicy: 'page.returnPolicy',
} as const satisfies Record<TLegalDocumentKey, string>;

/** A public legal page (privacy, terms, return policy): the document under its page title. */
export const LegalPage = ({ doc }: { doc: TLegalDocumentKey }) => {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <LegalDocument doc={doc} title={t(TITLE_KEYS[doc])} />
    </PublicLayout>
  );
};
