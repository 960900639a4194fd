/**
 * `/print/invoice/:id`: the invoice drawn for paper, outside the layout and without a session. Only
 * the server's PDF renderer opens it, with a print ticket in the address's fragment (never sent to a
 * server or a log). When it is drawn (data and fonts) the page marks <body>, and the renderer prints.
 */
import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../custom/layout/Spinner';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { PRINT_READY_ATTRIBUTE } from '../../domain/printing';
import { PRINT_INVOICE_ERROR_ATTRIBUTE } from '../../domain/printing';
import { InvoiceView } from './InvoiceView';

export default function PrintInvoicePage() {
  const api = useApi();
  const { id = '' } = useParams();
  const translate = useTranslate();
  const ticket = useMemo(() => new URLSearchParams(window.location.hash.slice(1)).get('ticket') ?? '', []);
  const { data: invoice, error } = useQuery({
    queryKey: ['print-invoice', id],
    queryFn: () => api.getInvoiceToPrint(id, ticket),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (error) document.body.setAttribute(PRINT_INVOICE_ERROR_ATTRIBUTE, error.message || 'error');
  }, [error]);
  useEffect(() => {
    if (!invoice) return;
    let cancelled = false;
    void document.fonts.ready.then(() =>
      requestAnimationFrame(() => requestAnimationFrame(() => !cancelled && document.body.setAttribute(PRINT_READY_ATTRIBUTE, '1'))),
    );
    return () => {
      cancelled = true;
      document.body.removeAttribute(PRINT_READY_ATTRIBUTE);
    };
  }, [invoice]);

  if (error)
    return (
      <Alert severity="error" role="alert" sx={{ m: 2 }}>
        {translateMessage(translate, error.message)}
      </Alert>
    );
  if (!invoice) return <Spinner fullHeight />;
  return (
    <Box component="main" sx={{ bgcolor: '#fff', minHeight: '100vh' }}>
      <InvoiceView invoice={invoice} />
    </Box>
  );
}
