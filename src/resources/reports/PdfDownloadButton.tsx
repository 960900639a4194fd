import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { PDF_UNAVAILABLE } from './api';

/**
 * "Download PDF" where the server renders PDFs; "Print" (the browser's own PDF) where it does not,
 * or once a download answered 503. Reports and invoices share it; `download` fetches and saves.
 */
export function PdfDownloadButton({ download, downloadLabel, printLabel }: { download: () => Promise<void>; downloadLabel: string; printLabel: string }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const { data: renderer, isPending } = useQuery({ queryKey: ['pdf-renderer'], queryFn: () => api.getPdfRenderer(), staleTime: 5 * 60_000, retry: false });
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState(false);
  if (unavailable || renderer?.available === false)
    return (
      <Tooltip describeChild title={translateMessage(translate, PDF_UNAVAILABLE)}>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate(printLabel)}
        </Button>
      </Tooltip>
    );
  const start = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 503) setUnavailable(true);
      notify(translateMessage(translate, (error as Error).message), { type: status === 503 ? 'warning' : 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} onClick={start} disabled={busy || isPending} aria-busy={busy}>
      {translate(downloadLabel)}
    </Button>
  );
}
