import { Button, Group } from '@mantine/core';
import { IconCreditCard, IconDownload, IconPrinter, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverMessage } from '@/lib/api-errors';
import { notifyError } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';
import { fetchInvoicePdf, type TInvoiceView, usePay } from '../api/billing';
import classes from './billing.module.css';
import { invoicePaths } from './invoice-paths';

/** Pay (gateway), send a transfer proof, print, download the PDF. */
export const InvoiceActions = ({
  invoice,
  proofLink = true,
}: {
  invoice: TInvoiceView;
  /** Off on the proof upload page itself. */
  proofLink?: boolean;
}) => {
  const { t } = useTranslation();
  const pay = usePay();
  const [downloading, setDownloading] = useState(false);
  const paths = invoicePaths(invoice);
  const pending = invoice.status === 'pending';

  const startPayment = () =>
    pay.mutate(
      { params: { id: invoice.id } },
      {
        onSuccess: (body) => window.location.assign(body.data.redirect_url),
        onError: (error) => notifyError(serverMessage(error, t)),
      },
    );
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchInvoicePdf(invoice.id), `${invoice.number}.pdf`);
    } catch (error) {
      notifyError(serverMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group className={classes.noPrint} justify="flex-end" mt="md">
      {pending && invoice.method === 'gateway' && (
        <Button
          leftSection={<IconCreditCard size={16} />}
          loading={pay.isPending}
          onClick={startPayment}
          data-testid="invoice-pay"
        >
          {t('billing.payNow')}
        </Button>
      )}
      {pending && proofLink && invoice.method === 'bank_transfer' && (
        <Button
          component={Link}
          to={paths.confirm}
          leftSection={<IconUpload size={16} />}
          data-testid="invoice-upload-proof"
        >
          {t('billing.uploadProof')}
        </Button>
      )}
      <Button
        variant="default"
        component={Link}
        to={paths.print}
        leftSection={<IconPrinter size={16} />}
        data-testid="invoice-print"
      >
        {t('billing.print')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={downloading}
        onClick={download}
        data-testid="invoice-pdf"
      >
        {t('billing.downloadPdf')}
      </Button>
    </Group>
  );
};
