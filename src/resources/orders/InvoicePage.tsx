/**
 * `/orders/:id/invoice`: the invoice on screen, with "Download PDF" where the server prints PDFs and
 * the browser's Print where it does not (as the candidate report does).
 */
import { Paper, Stack } from '@mui/material';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { QueryState } from '../shared/QueryState';
import { PdfDownloadButton } from '../reports/PdfDownloadButton';
import { useApi } from '../../providers/useApi';
import { useInvoice } from './api';
import { type Invoice } from '../../domain/orders';
import { InvoiceView } from './InvoiceView';

export default function InvoicePage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const invoiceQuery = useInvoice(id);
  return (
    <QueryState query={invoiceQuery} title={translate('app.orders.invoice.title')}>
      {(invoice) => (
        <Stack spacing={2} sx={{ maxWidth: 1000 }}>
          <Title title={translate('app.orders.invoice.number', { number: invoice.order.number })} />
          <Stack direction="row" spacing={1} sx={{ '@media print': { display: 'none' } }}>
            <PdfButton invoice={invoice} />
          </Stack>
          <Paper>
            <InvoiceView invoice={invoice} />
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
}

function PdfButton({ invoice }: { invoice: Invoice }) {
  const api = useApi();
  const [language] = useLocaleState();
  const download = () => api.downloadInvoicePdf(invoice.order.id, language === 'hi' ? 'hi' : 'en', `Invoice ${invoice.order.number}.pdf`);
  return <PdfDownloadButton download={download} downloadLabel="app.orders.invoice.downloadPdf" printLabel="app.orders.invoice.print" />;
}
