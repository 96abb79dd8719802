import { IconCreditCard, IconDownload, IconPrinter, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonRow } from '@/components/button-row';
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
    <ButtonRow
      className={classes.noPrint}
      justify="flex-end"
      mt="md"
      actions={[
        {
          label: t('billing.payNow'),
          icon: <IconCreditCard size={16} />,
          onClick: startPayment,
          loading: pay.isPending,
          testId: 'invoice-pay',
          hidden: !(pending && invoice.method === 'gateway'),
        },
        {
          label: t('billing.uploadProof'),
          icon: <IconUpload size={16} />,
          to: paths.confirm,
          testId: 'invoice-upload-proof',
          hidden: !(pending && proofLink && invoice.method === 'bank_transfer'),
        },
        {
          label: t('billing.print'),
          icon: <IconPrinter size={16} />,
          to: paths.print,
          variant: 'default',
          testId: 'invoice-print',
        },
        {
          label: t('billing.downloadPdf'),
          icon: <IconDownload size={16} />,
          onClick: download,
          loading: downloading,
          variant: 'default',
          testId: 'invoice-pdf',
        },
      ]}
    />
  );
};
