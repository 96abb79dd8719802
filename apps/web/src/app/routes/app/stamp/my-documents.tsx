import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { DocumentList } from '@/features/documents/components/document-list';
import { WaitingForMe } from '@/features/documents/components/waiting-for-me';

/**
 * /stamp: My e-Document, the single-stamp history with its actions; what waits for the caller's
 * signature comes first (unless the list is already filtered to it).
 */
const MyDocumentsRoute = () => {
  const [params] = useSearchParams();
  return (
    <Stack gap="lg">
      {params.get('waiting') === 'me' ? null : <WaitingForMe />}
      <DocumentList mode="all" />
    </Stack>
  );
};

export default MyDocumentsRoute;
