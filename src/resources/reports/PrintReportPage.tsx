/**
 * `/print/candidate-report/:id`: the report drawn for paper, outside the layout and without a
 * session. Only the server's PDF renderer opens it: the ticket it hands over (in the address's
 * fragment, which is never sent to a server or a log) lets this page read that one report, for a
 * minute. Labels follow the report's language, so a Hindi PDF is Hindi throughout. When everything
 * is drawn (data, charts, fonts, images) the page marks <body>, and the renderer prints.
 */
import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { toUiLanguage } from '../../domain/language';
import { Spinner } from '../../custom/layout/Spinner';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { PRINT_READY_ATTRIBUTE } from '../../domain/printing';
import { ReportView } from './ReportView';

/** Set on <body> when the report cannot be drawn, so the renderer stops waiting at once. */
export const PRINT_ERROR_ATTRIBUTE = 'data-report-error';

/** Resolves when every image on the page has loaded or failed. */
const imagesSettled = () =>
  Promise.all(
    [...document.images].map((img) =>
      img.complete
        ? undefined
        : new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
    ),
  );
const nextFrame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

export default function PrintReportPage() {
  const api = useApi();
  const { id = '' } = useParams();
  const translate = useTranslate();
  const ticket = useMemo(() => new URLSearchParams(window.location.hash.slice(1)).get('ticket') ?? '', []);
  const { data: report, error } = useQuery({
    queryKey: ['print-report', id],
    queryFn: () => api.getReportToPrint(id, ticket),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [locale, setLocale] = useLocaleState();
  const labels = report ? (toUiLanguage(report.reportLanguage) ?? 'en') : null;

  useEffect(() => {
    if (labels && labels !== locale) setLocale(labels);
  }, [labels, locale, setLocale]);

  useEffect(() => {
    if (error) document.body.setAttribute(PRINT_ERROR_ATTRIBUTE, error.message || 'error');
  }, [error]);

  const ready = !!report && labels === locale;
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    (async () => {
      await document.fonts.ready;
      await nextFrame();
      await imagesSettled();
      await nextFrame();
      if (!cancelled) document.body.setAttribute(PRINT_READY_ATTRIBUTE, '1');
    })();
    return () => {
      cancelled = true;
      document.body.removeAttribute(PRINT_READY_ATTRIBUTE);
    };
  }, [ready]);

  if (error)
    return (
      <Alert severity="error" role="alert" sx={{ m: 2 }}>
        {translateMessage(translate, error.message)}
      </Alert>
    );
  if (!ready) return <Spinner fullHeight />;
  return (
    <Box component="main" lang={report.reportLanguage} sx={{ bgcolor: '#fff', minHeight: '100vh' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2, fontWeight: 500 }}>
        {translate('app.report.title')}
      </Typography>
      <ReportView report={report} printing linked={false} />
    </Box>
  );
}
