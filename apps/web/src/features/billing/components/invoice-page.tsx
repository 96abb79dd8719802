import { Box, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { QueryFallback } from '@/components/query-fallback';
import { useInvoice } from '../api/billing';
import { InvoiceActions } from './invoice-actions';
import { InvoiceSheet } from './invoice-sheet';
import { ProofUpload } from './proof-upload';

/**
 * One invoice by id: `view` (sheet + actions), `receipt`, `confirm` (transfer proof) or `print`
 * (the bare A4 sheet; the browser's print dialog opens once it is shown).
 */
export const InvoicePage = ({
  invoiceId,
  mode,
}: {
  invoiceId: number | null;
  mode: 'view' | 'receipt' | 'confirm' | 'print';
}) => {
  const invoice = useInvoice(invoiceId, { poll: mode === 'view' });
  const ready = Boolean(invoice.data);
  useEffect(() => {
    if (mode === 'print' && ready && !navigator.webdriver)
      window.setTimeout(() => window.print(), 300);
  }, [mode, ready]);
  if (!invoice.data) return <QueryFallback pending={invoice.isPending} error={invoice.error} />;
  if (mode === 'print') return <InvoiceSheet invoice={invoice.data} />;
  return (
    <Stack gap="lg" data-testid={`invoice-page-${mode}`}>
      {mode === 'confirm' && <ProofUpload invoice={invoice.data} />}
      <Box maw={800} w="100%" mx="auto">
        <InvoiceSheet invoice={invoice.data} />
        <InvoiceActions invoice={invoice.data} proofLink={mode !== 'confirm'} />
      </Box>
    </Stack>
  );
};
