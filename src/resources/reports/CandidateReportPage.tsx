/**
 * `/candidate-details/:id` and `/candidate/:id/assessment` (an invitation's id): the candidate
 * report, in the language chosen beside it (`?language=`), with "Download PDF" once the attempt is
 * completed (or "Print" where the server renders no PDF), rescoring when the report is outdated, and reviewers' points. Staff
 * also find the attempt's activity (progress, actions, timeline) on a tab beside it.
 */
import { Box, Tab, Tabs, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazy } from '../../lazy';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { can, canAccessResource } from '../../domain/permissions';
import { hasFinalReport, type CandidateReport, type ReviewInput } from '../../domain/report';
import { Spinner } from '../../custom/layout/Spinner';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { QueryState } from '../shared/QueryState';
import { PdfDownloadButton } from './PdfDownloadButton';
import { ReportView } from './ReportView';

const AttemptActivity = lazy(() => import('../invitations/AttemptPage'));

/** The languages a report is offered in: English, Hindi, and the one the candidate took it in. */
export const reportLanguages = (report: Pick<CandidateReport, 'attemptLanguage' | 'reportLanguage'>) => [...new Set(['en', 'hi', report.attemptLanguage ?? 'en', report.reportLanguage])];

/** While scoring runs in the background (or hidden coding cases wait), the page asks again. */
const refetchWhileScoring = (report: CandidateReport | undefined) =>
  report && ((report.status === 'COMPLETED' && !report.score) || (report.score?.awaiting.evaluation ?? 0) > 0) ? 5000 : false;

export const reportQueryKey = (id: string, language: string | null) => ['candidate-report', id, language ?? ''] as const;

/** The candidate report (its route lets in who may read reports: mayReadReports). */
export default function CandidateReportPage() {
  const api = useApi();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const language = params.get('language');
  const translate = useTranslate();
  const queryKey = reportQueryKey(id, language);
  const report = useQuery({
    queryKey,
    queryFn: () => api.getReport(id, language),
    retry: retryUnlessAnswered,
    placeholderData: (previous) => previous,
    refetchInterval: (query) => refetchWhileScoring(query.state.data),
  });
  const onLanguage = (next: string) => setParams((p) => ({ ...Object.fromEntries(p), language: next }), { replace: true });
  return (
    <QueryState query={report} title={translate('app.report.title')}>
      {(data) => <ReportTabs report={data} queryKey={queryKey} onLanguage={onLanguage} />}
    </QueryState>
  );
}

/** The report, and for staff the attempt's activity on a tab beside it. */
function ReportTabs({ report, queryKey, onLanguage }: { report: CandidateReport; queryKey: readonly unknown[]; onLanguage: (language: string) => void }) {
  const translate = useTranslate();
  const profile = useProfile();
  const staff = canAccessResource(profile, 'invitations', 'show');
  const [tab, setTab] = useState<'report' | 'activity' | null>(null);
  // Before the attempt has anything to score, its activity says more than an empty report.
  const shownTab = staff ? (tab ?? (report.status === 'PENDING' || report.status === 'IN_PROGRESS' ? 'activity' : 'report')) : 'report';
  return (
    <Box sx={{ pt: 1 }}>
      <Title title={`${report.candidate.name} · ${report.assessment.name}`} />
      {staff && (
        <Tabs value={shownTab} onChange={(_, next) => setTab(next)} sx={{ mb: 2 }} className="report-no-print" aria-label={translate('app.report.views')}>
          <Tab value="report" label={translate('app.report.tab')} />
          <Tab value="activity" label={translate('app.report.activity')} />
        </Tabs>
      )}
      {shownTab === 'activity' ? (
        <Suspense fallback={<Spinner />}>
          <AttemptActivity />
        </Suspense>
      ) : (
        <ReportScreen report={report} queryKey={queryKey} mayEdit={!!profile && can(profile, 'CANDIDATES', 'edit')} onLanguage={onLanguage} />
      )}
    </Box>
  );
}

function ReportScreen({ report, queryKey, mayEdit, onLanguage }: { report: CandidateReport; queryKey: readonly unknown[]; mayEdit: boolean; onLanguage: (language: string) => void }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const id = report.invitationId;
  const language = report.reportLanguage;
  // Reviews and rescoring answer the report as it now stands.
  const replace = (next: CandidateReport) => queryClient.setQueryData(queryKey, next);
  const rescore = useMutation({
    mutationFn: () => api.rescore(id, language),
    onSuccess: (next) => {
      replace(next);
      notify('app.report.rescored', { type: 'success' });
    },
    onError: (error) => notify(translateMessage(translate, error.message), { type: 'error' }),
  });
  const review = async (questionId: string, input: ReviewInput) => {
    const next = await api.reviewAnswer(id, questionId, input, language);
    replace(next);
    notify('app.report.reviewSaved', { type: 'success' });
  };
  return (
    <ReportView
      report={report}
      onRescore={mayEdit ? () => rescore.mutate() : undefined}
      rescoring={rescore.isPending}
      onReview={review}
      actions={
        <>
          <LanguageSwitch report={report} onChange={onLanguage} />
          {hasFinalReport(report) && <PdfButton report={report} />}
        </>
      }
    />
  );
}

function LanguageSwitch({ report, onChange }: { report: CandidateReport; onChange: (language: string) => void }) {
  const translate = useTranslate();
  const { languageName } = useFormat();
  return (
    <ToggleButtonGroup exclusive size="small" color="primary" value={report.reportLanguage} onChange={(_, next: string | null) => next && onChange(next)} aria-label={translate('app.report.reportLanguage')}>
      {reportLanguages(report).map((code) => (
        <ToggleButton key={code} value={code} lang={code} sx={{ px: 1.5, textTransform: 'none' }}>
          {languageName(code)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** "Download PDF" where the server renders PDFs; "Print" (the browser's own PDF) where it does not. */
function PdfButton({ report }: { report: CandidateReport }) {
  const api = useApi();
  const download = () => api.downloadReportPdf(report.invitationId, report.reportLanguage, `${report.candidate.name}.pdf`);
  return <PdfDownloadButton download={download} downloadLabel="app.report.downloadPdf" printLabel="app.report.print" />;
}
