/**
 * The answers of the report, part by part: each question with its options (the chosen ones and
 * the keyed answer marked, points per option), sorting in the candidate's order beside the keyed
 * order, code with each test case's result (hidden cases by number only), short text with the
 * author's guidance for reviewers and the reviewer's points (a form for those who may give them),
 * and video answers to play.
 */
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography, type ChipProps } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { CandidateReport, ReportQuestion, ReviewInput } from '../../domain/report';
import type { AnswerScoreStatus } from '../../domain/scoring';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { MONOSPACE } from '../shared/codeFont';
import { RichText } from './RichText';

/** Saves a reviewer's points; rejects with the server's message. */
export type ReviewHandler = (questionId: string, input: ReviewInput) => Promise<void>;

const STATUS_COLOURS: Record<AnswerScoreStatus, ChipProps['color']> = {
  SCORED: 'default',
  UNANSWERED: 'default',
  AWAITING_REVIEW: 'info',
  AWAITING_EVALUATION: 'info',
  NOT_SCORED: 'default',
};

interface PartGroup {
  partId: string;
  title: string;
  questions: ReportQuestion[];
}

/** Questions by part, in the order the attempt had them; a part is named by its test, or by what it holds. */
export function groupByPart(report: CandidateReport, translate: ReturnType<typeof useTranslate>): PartGroup[] {
  const groups: PartGroup[] = [];
  for (const question of report.questions) {
    let group = groups.find((g) => g.partId === question.partId);
    if (!group) {
      const testName = question.testId ? report.score?.tests.find((s) => s.testId === question.testId)?.name : undefined;
      group = { partId: question.partId, title: testName ?? translate(`app.attempt.parts.${question.partKind}`, { _: question.partKind }), questions: [] };
      groups.push(group);
    }
    group.questions.push(question);
  }
  return groups;
}

export function ReportAnswers({ report, printing, onReview }: { report: CandidateReport; printing: boolean; onReview?: ReviewHandler }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const [filter, setFilter] = useState<'all' | 'review'>('all');
  if (report.questions.length === 0) return <Typography color="text.secondary">{t('noAnswers')}</Typography>;
  const waiting = report.questions.filter((q) => q.score.status === 'AWAITING_REVIEW').length;
  const shown = filter === 'review' && !printing ? report.questions.filter((q) => q.score.status === 'AWAITING_REVIEW' || q.questionType === 'SHORT_TEXT') : null;
  const groups = groupByPart(shown ? { ...report, questions: shown } : report, translate);
  let n = 0;
  return (
    <Stack spacing={3}>
      {report.mayReview && waiting > 0 && !printing && (
        <Stack direction="row" className="report-no-print" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <ToggleButtonGroup exclusive size="small" color="primary" value={filter} onChange={(_, next) => next && setFilter(next)} aria-label={t('answersShown')}>
            <ToggleButton value="all" sx={{ textTransform: 'none' }}>{t('allAnswers')}</ToggleButton>
            <ToggleButton value="review" sx={{ textTransform: 'none' }}>{t('waitingForReview', { smart_count: waiting })}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      )}
      {groups.map((group) => (
        <Box key={group.partId} component="section" aria-labelledby={`part-${group.partId}`}>
          <Typography id={`part-${group.partId}`} variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
            {group.title}
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {group.questions.map((question) => {
              n += 1;
              return <QuestionCard key={question.questionId} question={question} n={n} report={report} printing={printing} onReview={onReview} />;
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function QuestionCard({ question, n, report, printing, onReview }: { question: ReportQuestion; n: number; report: CandidateReport; printing: boolean; onReview?: ReviewHandler }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const { number } = useFormat();
  const { score } = question;
  const figure = (value: number) => number(value, { maximumFractionDigits: 1 });
  const typeLabel = question.questionType === 'VIDEO' ? t('video') : translate(`app.enums.questionType.${question.questionType}`);
  const counted = score.status === 'SCORED' || score.status === 'UNANSWERED';
  const headingId = `question-${question.questionId}`;
  return (
    <Box component="li" className="report-question" aria-labelledby={headingId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h4" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {n}. {question.title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {typeLabel}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexShrink: 0, flexWrap: 'wrap' }}>
          {score.status !== 'SCORED' && <Chip size="small" variant="outlined" color={STATUS_COLOURS[score.status]} label={t(`answerStatus.${score.status}`)} />}
          {(counted || question.review) && score.max > 0 && (
            <Typography sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>{t('points', { earned: figure(score.earned), max: figure(score.max) })}</Typography>
          )}
        </Stack>
      </Stack>
      {question.text && <RichText html={question.text} lang={report.reportLanguage} sx={{ mt: 1, color: 'text.secondary' }} />}
      <Box sx={{ mt: 1 }}>
        <AnswerBody question={question} report={report} printing={printing} onReview={onReview} />
      </Box>
    </Box>
  );
}

function AnswerBody({ question, report, printing, onReview }: { question: ReportQuestion; report: CandidateReport; printing: boolean; onReview?: ReviewHandler }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  if (question.questionType === 'VIDEO') {
    if (!question.videoUrl) return <Typography color="text.secondary">{t('noVideo')}</Typography>;
    if (printing) return <Typography color="text.secondary">{t('videoInOnlineReport')}</Typography>;
    return <Box component="video" controls preload="metadata" src={question.videoUrl} aria-label={t('videoOf', { title: question.title })} sx={{ width: '100%', maxWidth: 560, maxHeight: 360, bgcolor: 'common.black', borderRadius: 1, display: 'block' }} />;
  }
  if (question.questionType === 'SHORT_TEXT') {
    return (
      <Stack spacing={1}>
        {question.textAnswer ? (
          <Box component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'primary.light', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question.textAnswer}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('notAnswered')}</Typography>
        )}
        {question.guidance && <Guidance text={question.guidance} />}
        {question.review && <ReviewNote review={question.review} />}
        {report.mayReview && onReview && !printing && question.textAnswer !== null && <ReviewForm question={question} onReview={onReview} />}
      </Stack>
    );
  }
  if (question.questionType === 'CODING') return <CodeAnswer question={question} />;
  if (question.questionType === 'SORTING_ORDER') return <SortingAnswer question={question} />;
  return <ChoiceAnswer question={question} />;
}

/** Options with what was chosen and what is keyed; points per option for point types. */
function ChoiceAnswer({ question }: { question: ReportQuestion }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const { number } = useFormat();
  if (question.options.length === 0) return null;
  const pointValues = question.options.map((o) => o.points).filter((p): p is number => p !== null);
  const best = pointValues.length > 1 && new Set(pointValues).size > 1 ? Math.max(...pointValues) : null;
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('options')}>
      {question.chosen.length === 0 && (
        <Typography component="li" color="text.secondary" variant="body2">
          {t('notAnswered')}
        </Typography>
      )}
      {question.options.map((option) => {
        const chosen = question.chosen.includes(option.index);
        const keyed = option.isCorrect === true || (best !== null && option.points === best);
        const wrong = chosen && option.isCorrect === false;
        const Icon = chosen ? (wrong ? CancelIcon : CheckCircleIcon) : RadioButtonUncheckedIcon;
        return (
          <Stack
            component="li"
            key={option.index}
            direction="row"
            sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', px: 1, py: 0.5, borderRadius: 1, bgcolor: chosen ? (wrong ? '#fff7f7' : '#f1f5fb') : undefined, border: 1, borderColor: keyed ? 'success.main' : 'transparent' }}
          >
            <Icon fontSize="small" color={chosen ? (wrong ? 'error' : 'primary') : 'disabled'} aria-hidden />
            {/* The text keeps a readable width; on a phone the marks wrap under it. */}
            <Typography sx={{ flex: '1 1 8rem', minWidth: 0, overflowWrap: 'anywhere', fontWeight: chosen ? 500 : undefined }}>{option.text}</Typography>
            {chosen && <Chip size="small" color={wrong ? 'error' : 'primary'} variant="outlined" label={t('chosen')} />}
            {keyed && <Chip size="small" color="success" variant="outlined" label={option.isCorrect === true ? t('keyed') : t('mostPoints')} />}
            {option.disqualifies && <Chip size="small" color="error" variant="outlined" label={t('disqualifies')} />}
            {option.points !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 48, textAlign: 'right' }}>
                {t('optionPoints', { points: number(option.points, { maximumFractionDigits: 1 }), smart_count: option.points })}
              </Typography>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The candidate's order beside the keyed order; a place the candidate got right is marked. */
function SortingAnswer({ question }: { question: ReportQuestion }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const text = (index: number) => question.options.find((o) => o.index === index)?.text ?? `#${index + 1}`;
  const keyed = question.keyedOrder ?? [];
  const column = (title: string, order: number[], marked: boolean) => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="h5" sx={{ fontWeight: 500, mb: 0.5 }}>
        {title}
      </Typography>
      {order.length === 0 ? (
        <Typography color="text.secondary">{t('notAnswered')}</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {order.map((index, place) => {
            const same = marked && keyed[place] === index;
            return (
              <li key={index}>
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {text(index)}
                </Box>
                {marked && keyed.length > 0 && (
                  <Box component="span" sx={{ ml: 1, color: same ? 'success.main' : 'text.secondary', fontSize: 13 }}>
                    {same ? `✓ ${t('samePlace')}` : `· ${t('keyedPlace', { place: keyed.indexOf(index) + 1 })}`}
                  </Box>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {column(t('candidateOrder'), question.chosen, true)}
      {keyed.length > 0 && column(t('keyedOrder'), keyed, false)}
    </Stack>
  );
}

function CodeAnswer({ question }: { question: ReportQuestion }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const { number } = useFormat();
  const code = question.code;
  if (!code) return <Typography color="text.secondary">{t('notAnswered')}</Typography>;
  const passed = code.cases.filter((c) => c.passed).length;
  let hiddenNumber = 0;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {code.language}
        {code.cases.length > 0 && ` · ${t('casesPassed', { passed, total: code.cases.length })}`}
      </Typography>
      <Box
        component="pre"
        className="report-scroll"
        tabIndex={0}
        aria-label={t('sourceCode')}
        sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflow: 'auto', maxHeight: 360, fontFamily: MONOSPACE, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {code.source}
      </Box>
      {code.evaluation === 'pending' && <Alert severity="info">{t('evaluationPending')}</Alert>}
      {code.evaluation === 'error' && <Alert severity="warning">{t('evaluationError')}</Alert>}
      {code.cases.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('testCases')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('testCase')}</TableCell>
                <TableCell>{t('result')}</TableCell>
                <TableCell align="right">{t('casePoints')}</TableCell>
                <TableCell>{t('caseDetail')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {code.cases.map((c, i) => {
                if (c.hidden) hiddenNumber += 1;
                return (
                  <TableRow key={i}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.hidden ? t('hiddenCase', { n: hiddenNumber }) : t('exampleCase', { n: i + 1 })}</TableCell>
                    <TableCell>
                      <Chip size="small" color={c.passed ? 'success' : 'error'} variant="outlined" label={c.passed ? t('passed') : translate(`app.report.caseStatus.${c.status}`, { _: t('failed') })} />
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {number(c.passed ? c.points : 0, { maximumFractionDigits: 1 })} / {number(c.points, { maximumFractionDigits: 1 })}
                    </TableCell>
                    <TableCell sx={{ fontFamily: MONOSPACE, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 160 }}>
                      {c.hidden ? (
                        <Typography variant="caption" color="text.secondary">
                          {t('hiddenDetail')}
                        </Typography>
                      ) : (
                        [c.input !== null && `${t('input')}: ${c.input}`, c.expectedOutput !== null && `${t('expected')}: ${c.expectedOutput}`, c.actualOutput !== null && `${t('actual')}: ${c.actualOutput}`]
                          .filter(Boolean)
                          .join('\n')
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

/** The author's guidance for reviewers of a short-text answer (a model answer, what earns points). */
function Guidance({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Box component="aside" aria-label={translate('app.report.guidance')} sx={{ px: 1.5, py: 1, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: '#fafafa' }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 500, display: 'block' }}>
        {translate('app.report.guidance')}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

function ReviewNote({ review }: { review: NonNullable<ReportQuestion['review']> }) {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  return (
    <Alert severity="success" icon={false} sx={{ py: 0 }}>
      {translate('app.report.reviewed', { points: number(review.points, { maximumFractionDigits: 1 }), name: review.reviewerName ?? '—', time: dateTime(review.reviewedAt) })}
      {review.comment && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.comment}
        </Typography>
      )}
    </Alert>
  );
}

/** Whether a typed points figure is acceptable: a number from 0 to the maximum, in steps of 0.1. */
export function reviewPointsProblem(text: string, max: number): 'required' | 'range' | 'step' | null {
  if (text.trim() === '') return 'required';
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > max) return 'range';
  if (Math.abs(Math.round(value * 10) - value * 10) > 1e-9) return 'step';
  return null;
}

function ReviewForm({ question, onReview }: { question: ReportQuestion; onReview: ReviewHandler }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const { number } = useFormat();
  const max = question.score.max;
  const [points, setPoints] = useState(question.review ? String(question.review.points) : '');
  const [comment, setComment] = useState(question.review?.comment ?? '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = reviewPointsProblem(points, max);
  const shownProblem = touched && problem ? t(`reviewProblem.${problem}`, { max: number(max, { maximumFractionDigits: 1 }) }) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setSaving(true);
    setServerError(null);
    try {
      await onReview(question.questionId, { points: Number(points), comment: comment.trim() || null });
    } catch (error) {
      setServerError(translateMessage(translate, (error as Error).message));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate className="report-no-print" aria-label={t('reviewFormOf', { title: question.title })} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr auto' }, alignItems: 'start' }}>
      <TextField
        label={t('reviewPoints', { max: number(max, { maximumFractionDigits: 1 }) })}
        type="number"
        size="small"
        value={points}
        onChange={(e) => setPoints(e.target.value)}
        onBlur={() => setTouched(true)}
        error={!!shownProblem}
        helperText={shownProblem ?? ' '}
        slotProps={{ htmlInput: { min: 0, max, step: 0.1, inputMode: 'decimal' } }}
      />
      <TextField label={t('reviewComment')} size="small" multiline minRows={1} maxRows={4} value={comment} onChange={(e) => setComment(e.target.value)} helperText={serverError ?? ' '} error={!!serverError} />
      <Button type="submit" variant="contained" disabled={saving} sx={{ mt: { sm: '2px' } }}>
        {question.review ? t('updateReview') : t('saveReview')}
      </Button>
    </Box>
  );
}
