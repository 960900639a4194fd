/**
 * The candidate report as a hiring manager reads it (DESIGN.md section 6a), drawn from one
 * CandidateReport: who and what, the scores with their bands as charts, what each skill's band
 * means, the answers, and the proctoring evidence. The same view is the page on screen, the
 * browser's print-out and the server's PDF (`printing`: no controls, no animation, every section
 * on its own page).
 */
import { Alert, Box, Button, GlobalStyles, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { InvitationStatus } from '../../domain/attempt';
import { RATING_BANDS } from '../../domain/content';
import type { CandidateReport } from '../../domain/report';
import type { SkillScore, TestTypeScore } from '../../domain/scoring';
import { useFormat } from '../../i18n/useFormat';
import { ASSESSMENT_PATHS } from '../assessments/api';
import { CANDIDATE_PATHS } from '../invitations/api';
import { InvitationStatusChip } from '../invitations/InvitationStatus';
import { SummaryList } from '../shared/SummaryList';
import { BandChip, DevelopmentChip } from './bands';
import { OverallGauge, ScoreBars } from './ReportCharts';
import { ReportAnswers, type ReviewHandler } from './ReportAnswers';
import { ReportProctoring } from './ReportProctoring';
import { RichText } from './RichText';

export type Translate = ReturnType<typeof useTranslate>;

/** What a report without scores says, by the attempt's status. */
const NO_SCORE_SAYS: Record<InvitationStatus, string> = {
  PENDING: 'noScoreYet',
  IN_PROGRESS: 'noScoreYet',
  COMPLETED: 'scoringRuns',
  EXPIRED: 'noScoreExpired',
  DISQUALIFIED: 'noScoreDisqualified',
};

export interface ReportViewProps {
  report: CandidateReport;
  /** Drawn for paper: no controls, no animation. */
  printing?: boolean;
  /** The page's own controls (language, PDF, rescore); never printed. */
  actions?: ReactNode;
  /** Offered when the report is outdated and the reader may rescore. */
  onRescore?: () => void;
  rescoring?: boolean;
  onReview?: ReviewHandler;
  /** Whether names link to the candidate's and the assessment's pages (staff readers). */
  linked?: boolean;
}

/** Print: A4, no app bar or controls, each section from a new page, charts within the page. */
export function ReportPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@page': { size: 'A4', margin: '14mm 12mm 16mm' },
        '@media print': {
          'html, body': { background: '#fff !important' },
          'header.MuiAppBar-root, .report-no-print, button, [role="tablist"]': { display: 'none !important' },
          'main, .report-root': { padding: '0 !important', margin: '0 !important', maxWidth: 'none !important' },
          '.report-section': { breakBefore: 'page', boxShadow: 'none !important', border: 'none !important', padding: '0 !important' },
          // The header and the scores share the first page.
          '.report-section:first-of-type, .report-flow': { breakBefore: 'auto' },
          '.report-keep, .report-question, figure, tr': { breakInside: 'avoid' },
          'h2, h3, h4': { breakAfter: 'avoid' },
          '.report-chart svg': { maxWidth: '100%', height: 'auto' },
          // Who and what in two pairs of columns, so the scores fit on the first page.
          '.report-summary dl': { gridTemplateColumns: 'max-content 1fr max-content 1fr !important', columnGap: '12px !important', rowGap: '2px !important' },
          '.report-scroll': { maxHeight: 'none !important', overflow: 'visible !important' },
          '*': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
        },
      }}
    />
  );
}

/** A part of the report; on paper each starts a page unless it follows on (`flow`). */
export function ReportSection({ id, title, children, flow = false }: { id: string; title: string; children: ReactNode; flow?: boolean }) {
  return (
    <Paper component="section" aria-labelledby={id} className={flow ? 'report-section report-flow' : 'report-section'} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function ReportView({ report, printing = false, actions, onRescore, rescoring = false, onReview, linked = true }: ReportViewProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const { dateTime, languageName, rank } = useFormat();
  const { score } = report;
  const when = (ms: number | null) => (ms === null ? '—' : dateTime(ms));
  const link = (to: string, text: string) =>
    linked && !printing ? (
      <MuiLink component={Link} to={to}>
        {text}
      </MuiLink>
    ) : (
      text
    );

  const rows: [string, ReactNode][] = [
    [t('email'), report.candidate.email],
    [t('assessment'), link(ASSESSMENT_PATHS.view(report.assessment.id), report.assessment.name)],
    ...(report.client ? [[t('client'), report.client.name] as [string, ReactNode]] : []),
    [t('status'), <InvitationStatusChip key="s" row={{ status: report.status, revokedAt: null }} />],
    [t('startedAt'), when(report.startedAt)],
    [t('completedAt'), when(report.completedAt)],
    [t('attemptLanguage'), report.attemptLanguage ? languageName(report.attemptLanguage) : '—'],
    [t('reportLanguage'), languageName(report.reportLanguage)],
    [
      t('scoring'),
      report.scoringVersion === null
        ? t('notScored')
        : t('scoringVersion', { version: report.scoringVersion, time: report.scoredAt === null ? '—' : dateTime(report.scoredAt) }),
    ],
    [
      t('percentile'),
      report.percentile === null ? '—' : t('percentileAmong', { percentile: rank(report.percentile), smart_count: report.percentileOf }),
    ],
  ];

  return (
    <Stack spacing={2} className="report-root" sx={{ maxWidth: 1200, minWidth: 0 }}>
      <ReportPrintStyles />
      <Paper component="section" aria-labelledby="report-candidate" className="report-section" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="report-candidate" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {link(CANDIDATE_PATHS.person(report.candidate.id), report.candidate.name)}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {report.assessment.name}
            </Typography>
          </Box>
          {actions && !printing && (
            <Box className="report-no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              {actions}
            </Box>
          )}
        </Stack>
        <Box className="report-summary" sx={{ mt: 2 }}>
          <SummaryList rows={rows} />
        </Box>
        {report.outdated && (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              onRescore && !printing ? (
                <Button color="inherit" size="small" onClick={onRescore} disabled={rescoring}>
                  {t('rescore')}
                </Button>
              ) : undefined
            }
          >
            {t('outdated', { version: report.scoringVersion ?? '—' })}
          </Alert>
        )}
        {score && !score.complete && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('provisional', { review: score.awaiting.review, evaluation: score.awaiting.evaluation })}
          </Alert>
        )}
        {!score && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t(NO_SCORE_SAYS[report.status])}
          </Alert>
        )}
      </Paper>
      {score && <ScoresSection report={report} printing={printing} />}
      {score && score.skills.length > 0 && <SkillsSection report={report} printing={printing} />}
      <ReportSection id="report-answers" title={t('answers')}>
        <ReportAnswers report={report} printing={printing} onReview={onReview} />
      </ReportSection>
      {report.proctoring && (
        <ReportSection id="report-proctoring" title={t('proctoring')}>
          <ReportProctoring report={report} printing={printing} />
        </ReportSection>
      )}
    </Stack>
  );
}

/** The five rating bands in order, as a key to the colours. */
function BandKey() {
  const translate = useTranslate();
  return (
    <Box component="ul" aria-label={translate('app.report.bandKey')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}>
      {RATING_BANDS.map((band) => (
        <li key={band}>
          <BandChip band={band} />
        </li>
      ))}
    </Box>
  );
}

function ScoresSection({ report, printing }: { report: CandidateReport; printing: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const { number, rank, score: formatScore } = useFormat();
  const score = report.score!;
  const points = (earned: number, max: number) => t('points', { earned: number(earned, { maximumFractionDigits: 1 }), max: number(max, { maximumFractionDigits: 1 }) });
  return (
    <ReportSection id="report-scores" title={t('scores')} flow>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' }, mb: 2 }} className="report-keep">
        <OverallGauge percent={score.overall.percent} band={score.overall.band} label={t('overall')} animate={!printing} />
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500 }}>{t('overall')}</Typography>
            <BandChip band={score.overall.band} />
          </Stack>
          <Typography color="text.secondary">{points(score.overall.earned, score.overall.max)}</Typography>
          {report.percentile !== null && (
            <Typography>{t('percentileOf', { percentile: rank(report.percentile), smart_count: report.percentileOf })}</Typography>
          )}
          {score.consistency.overall !== null && (
            <Typography>
              {t('consistency', { percent: number(score.consistency.overall, { maximumFractionDigits: 0 }), smart_count: score.consistency.pairs.length })}
            </Typography>
          )}
        </Stack>
      </Stack>
      <BandKey />
      {score.tests.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
            {t('byTest')}
          </Typography>
          <ScoreBars title={t('byTest')} animate={!printing} bars={score.tests.map((s) => ({ id: s.testId, label: s.name, percent: s.percent, band: s.band }))} />
        </Box>
      )}
      {score.testTypes.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }} gutterBottom>
            {t('byTestType')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {score.testTypes.map((type) => (
              <Stack component="li" key={type.testTypeId} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ minWidth: 160 }}>{type.label}</Typography>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 48 }}>{type.percent === null ? '—' : formatScore(type.percent)}</Typography>
                <BandChip band={type.band} />
                <DevelopmentChip band={type.developmentBand} />
                <Typography variant="body2" color="text.secondary">
                  {translate(`app.enums.category.${type.category}`)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      )}
    </ReportSection>
  );
}

/** Skills grouped under their test type, each test type's skills as one chart, then what each skill's band means. */
function SkillsSection({ report, printing }: { report: CandidateReport; printing: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const score = report.score!;
  const groups = groupSkills(score.skills, score.testTypes);
  const hasDevelopment = score.skills.some((s) => s.developmentBand);
  return (
    <ReportSection id="report-skills" title={t('skills')}>
      {hasDevelopment && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('developmentNote')}
        </Typography>
      )}
      <Stack spacing={3}>
        {groups.map((group) => (
          <Box key={group.id}>
            {groups.length > 1 && (
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
                {group.label}
              </Typography>
            )}
            <ScoreBars title={t('skillsOf', { name: group.label })} animate={!printing} bars={group.skills.map((s) => ({ id: s.skillId, label: s.label, percent: s.percent, band: s.band }))} />
            <Stack spacing={1.5} sx={{ mt: 1 }}>
              {group.skills.map((skill) => (
                <SkillText key={skill.skillId} report={report} skill={skill} />
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </ReportSection>
  );
}

function SkillText({ report, skill }: { report: CandidateReport; skill: SkillScore }) {
  const translate = useTranslate();
  const { score } = useFormat();
  const text = report.bandTexts.find((b) => b.skillId === skill.skillId && b.band === skill.band) ?? report.bandTexts.find((b) => b.skillId === skill.skillId);
  const headingId = `skill-${skill.skillId}`;
  return (
    <Box component="article" aria-labelledby={headingId} className="report-keep" sx={{ borderLeft: 4, borderColor: 'divider', pl: 1.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h4" sx={{ fontWeight: 500 }}>
          {skill.label}
        </Typography>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{skill.percent === null ? '—' : score(skill.percent)}</Typography>
        <BandChip band={skill.band} />
        <DevelopmentChip band={skill.developmentBand} />
      </Stack>
      {text?.content ? (
        <RichText html={text.content} lang={text.language} sx={{ mt: 0.5 }} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {skill.band ? translate('app.report.noBandText') : translate('app.report.noBandYet')}
        </Typography>
      )}
    </Box>
  );
}

interface SkillGroup {
  id: string;
  label: string;
  skills: SkillScore[];
}

/** Skills under their test type, in the order the test types come; skills of an unknown type last. */
export function groupSkills(skills: readonly SkillScore[], testTypes: readonly TestTypeScore[]): SkillGroup[] {
  const groups: SkillGroup[] = testTypes.map((type) => ({ id: type.testTypeId, label: type.label, skills: [] }));
  const byId = new Map(groups.map((g) => [g.id, g]));
  const other: SkillGroup = { id: '', label: '', skills: [] };
  for (const skill of skills) (byId.get(skill.testTypeId) ?? other).skills.push(skill);
  return [...groups, other].filter((g) => g.skills.length > 0);
}

