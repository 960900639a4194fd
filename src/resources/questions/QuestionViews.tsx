/**
 * The question bank ('My Question' for USER accounts): the list with its filters and status
 * badges, and a question's page with its content per language, answers, history and the
 * workflow buttons (submit, approve, reject with a reason, publish).
 */
import QuizIcon from '@mui/icons-material/Quiz';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link as MuiLink, MenuItem, Paper, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  BulkDeleteButton,
  CreateButton,
  FunctionField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  TextField,
  Title,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { DateField } from '../shared/fields';
import { useFormat } from '../../i18n/useFormat';
import { COMPLEXITIES, QUESTION_CATEGORIES, QUESTION_STATUSES, QUESTION_TYPES, STATUS_COLOURS, answerTitleIn, type QuestionStatus } from '../../domain/content';
import { mayCreateQuestions, mayMoveQuestion, WORKFLOW_ACTIONS, type WorkflowAction } from '../../domain/questionWorkflow';
import { useProfile } from '../../custom/layout/useProfile';
import { useApi } from '../../providers/useApi';
import { translateMessage } from '../../i18n/messages';
import { useDropdown } from '../shared/useDropdown';
import { useContentLanguageChoices } from '../shared/LanguageSwitcher';
import { inLanguage } from '../../domain/language';
import { EmptyState } from '../shared/EmptyState';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { BulkUploadButton } from './BulkUpload';
import { EditQuestionButtons } from './QuestionButtons';
import { QuestionBankTabs } from './QuestionBankTabs';

const choices = (values: readonly string[], group: string) => values.map((id) => ({ id, name: `app.enums.${group}.${id}` }));

export function StatusBadge({ status }: { status: QuestionStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status]} label={translate(`app.enums.questionStatus.${status}`)} />;
}

type Choice = { id: string; name: string };

/** The list's filters; the author filter only where there is more than one's own questions to see. */
function questionFilters(options: { languages: Choice[]; subSkills: Choice[]; authors: Choice[] | null }) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="category" source="category" choices={choices(QUESTION_CATEGORIES, 'category')} />,
    <ReferenceInput key="primarySkill" source="primarySkill" reference="skills" perPage={100} sort={{ field: 'label', order: 'ASC' }}>
      <AutocompleteInput optionText="label" />
    </ReferenceInput>,
    <AutocompleteInput key="secondarySkill" source="secondarySkill" choices={options.subSkills} translateChoice={false} />,
    <SelectInput key="questionType" source="questionType" choices={choices(QUESTION_TYPES, 'questionType')} />,
    <SelectInput key="complexity" source="complexity" choices={COMPLEXITIES.map((id) => ({ id, name: id }))} />,
    <SelectInput key="status" source="status" choices={choices(QUESTION_STATUSES, 'questionStatus')} />,
    ...(options.authors ? [<AutocompleteInput key="authorId" source="authorId" choices={options.authors} translateChoice={false} />] : []),
    <SelectInput key="language" source="language" choices={options.languages} />,
  ];
}

/** A new question and bulk upload, for those who may create questions. */
function CreateQuestionButtons() {
  const profile = useProfile();
  if (!profile || !mayCreateQuestions(profile)) return null;
  return (
    <>
      <CreateButton to="/new-question/bank" label="app.questionForm.newQuestion" />
      <BulkUploadButton />
    </>
  );
}

const NoQuestions = () => (
  <EmptyState
    icon={<QuizIcon />}
    title="app.questionForm.emptyTitle"
    body="app.questionForm.emptyBody"
    action={
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        <CreateQuestionButtons />
      </Stack>
    }
  />
);

type QuestionRow = Pick<Question, 'id' | 'title' | 'status' | 'category' | 'questionType' | 'complexity' | 'primarySkillLabel'>;

export function QuestionList() {
  const translate = useTranslate();
  const profile = useProfile();
  const languages = useContentLanguageChoices();
  const subSkills = useDropdown('subSkills');
  const authors = useDropdown(profile && profile.role !== 'USER' ? 'questionAuthors' : null);
  return (
    <>
      <QuestionBankTabs />
      <ResponsiveList
        title={translate(profile?.role === 'USER' ? 'app.nav.myQuestions' : 'app.nav.questionBank')}
        filters={questionFilters({ languages: languages.choices, subSkills: subSkills.choices, authors: profile?.role === 'USER' ? null : authors.choices })}
        sort={{ field: 'updatedAt', order: 'DESC' }}
        actions={
          <ListActions>
            <CreateQuestionButtons />
          </ListActions>
        }
        empty={<NoQuestions />}
      >
        <ResponsiveDatagrid<QuestionRow>
          rowClick="show"
          bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" confirmTitle="app.questionForm.deleteTitle" confirmContent="app.questionForm.deleteBody" />}
          phone={{
            primaryText: (r) => r.title,
            secondaryText: (r) =>
              [translate(`app.enums.category.${r.category}`), r.primarySkillLabel, translate(`app.enums.questionType.${r.questionType}`), r.complexity].filter(Boolean).join(' · '),
            tertiaryText: (r) => <StatusBadge status={r.status} />,
          }}
        >
          <TextField source="title" />
          <FunctionField source="category" render={(r: { category: string }) => translate(`app.enums.category.${r.category}`)} />
          <TextField source="primarySkillLabel" sortable={false} />
          <FunctionField source="questionType" render={(r: { questionType: string }) => translate(`app.enums.questionType.${r.questionType}`)} />
          <TextField source="complexity" />
          <FunctionField source="status" render={(r: { status: QuestionStatus }) => <StatusBadge status={r.status} />} />
          <TextField source="authorName" sortable={false} />
          <DateField source="updatedAt" showTime />
        </ResponsiveDatagrid>
      </ResponsiveList>
    </>
  );
}

interface Question {
  id: string;
  title: string;
  status: QuestionStatus;
  authorId: string | null;
  category: string;
  questionType: string;
  complexity: string | null;
  primarySkillLabel: string | null;
  rejectionReason: string | null;
  mediaType: string;
  mediaUrl: string | null;
  ansTitle: string | null;
  /** A short-text question's reviewer guidance beside the detail of its language. */
  detail: { langWiseDetail: { language: string; detail: string; guidance?: string }[] };
  maxPoints?: number | null;
  answers: { langWiseAnswer: { language: string; text: string }[]; value?: number | null; isCorrect?: boolean; disqualifies?: boolean }[];
  coding: { languages: number[]; testCases: { input: string; expectedOutput: string; hidden?: boolean; points?: number }[] } | null;
  isConsistencyQuestion: boolean;
  consistencyOf?: string | null;
  consistencyOfTitle?: string | null;
  /** The consistency questions that restate this one. */
  restatedBy?: { id: string; title: string }[];
  history: {
    id: string;
    action: string;
    fromStatus: string | null;
    toStatus: string | null;
    reason: string | null;
    at: string;
    userName: string | null;
    changes?: { restatedDeleted?: string } | null;
  }[];
}

const questionLink = (q: { id: string; title: string }) => (
  <MuiLink key={q.id} component={Link} to={`/questions/${q.id}/show`}>
    {q.title}
  </MuiLink>
);

/** A consistency question's pair ("Restates: …"), and the consistency questions that restate this one. */
function ConsistencyPair({ record }: { record: Question }) {
  const translate = useTranslate();
  const restatedBy = record.restatedBy ?? [];
  if (!record.isConsistencyQuestion && !restatedBy.length) return null;
  return (
    <Stack spacing={0.5} sx={{ mb: 1 }} data-testid="consistency-pair">
      {record.isConsistencyQuestion && (
        <Typography variant="body2" color={record.consistencyOf ? undefined : 'warning.main'}>
          {record.consistencyOf && record.consistencyOfTitle ? (
            <>
              {translate('app.questions.restates')}: {questionLink({ id: record.consistencyOf, title: record.consistencyOfTitle })}
            </>
          ) : (
            translate('app.questions.restatesNone')
          )}
        </Typography>
      )}
      {restatedBy.length > 0 && (
        <Typography variant="body2">
          {translate('app.questions.restatedBy')}:{' '}
          {restatedBy.map((q, i) => (
            <span key={q.id}>
              {i > 0 && ', '}
              {questionLink(q)}
            </span>
          ))}
        </Typography>
      )}
    </Stack>
  );
}

/** Submit, approve, reject (asks for a reason) and publish, as the shared workflow rules allow. */
function WorkflowButtons() {
  const api = useApi();
  const record = useRecordContext<Question>();
  const profile = useProfile();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || !profile) return null;
  const allowed = WORKFLOW_ACTIONS.filter((action) => mayMoveQuestion(profile, record, action));

  async function move(action: WorkflowAction, why?: string) {
    setBusy(true);
    try {
      await api.moveQuestion(String(record!.id), action, why);
      notify(`app.questions.moved.${action}`, { type: 'success' });
      setRejecting(false);
      refresh();
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {allowed.map((action) => (
        <Button key={action} variant={action === 'reject' ? 'outlined' : 'contained'} color={action === 'reject' ? 'error' : 'primary'} disabled={busy} onClick={() => (action === 'reject' ? setRejecting(true) : move(action))}>
          {translate(`app.questions.actions.${action}`)}
        </Button>
      ))}
      <Dialog open={rejecting} onClose={() => setRejecting(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.questions.rejectTitle')}</DialogTitle>
        <DialogContent>
          <MuiTextField autoFocus fullWidth multiline minRows={3} label={translate('app.questions.reason')} value={reason} onChange={(e) => setReason(e.target.value)} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy || reason.trim().length < 3} onClick={() => move('reject', reason.trim())}>
            {translate('app.questions.actions.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function QuestionContent() {
  const record = useRecordContext<Question>();
  const translate = useTranslate();
  const languages = useContentLanguageChoices();
  const [language, setLanguage] = useState<string | null>(null);
  const { languageName } = useFormat();
  if (!record) return null;
  const available = record.detail.langWiseDetail.map((d) => d.language);
  const current = language ?? available[0] ?? 'en';
  const detail = record.detail.langWiseDetail.find((d) => d.language === current)?.detail ?? '';
  const guidance = record.questionType === 'SHORT_TEXT' ? record.detail.langWiseDetail.find((d) => d.language === current)?.guidance : undefined;
  const label = (code: string) => languageName(code, languages.choices.find((l) => l.id === code)?.name);
  return (
    <Stack spacing={2}>
      <Title title={record.title} />
      <Paper sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 1.5, alignItems: { md: 'flex-start' }, mb: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', flex: 1 }}>
            <StatusBadge status={record.status} />
            <Chip size="small" variant="outlined" label={translate(`app.enums.category.${record.category}`)} />
            {record.primarySkillLabel && <Chip size="small" variant="outlined" label={record.primarySkillLabel} />}
            <Chip size="small" variant="outlined" label={translate(`app.enums.questionType.${record.questionType}`)} />
            {record.complexity && <Chip size="small" variant="outlined" label={record.complexity} />}
          </Box>
          {/* One under another on phones (each as wide as the screen), a wrapping row from sm up. */}
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 1, justifyContent: { md: 'flex-end' } }}>
            <EditQuestionButtons question={record} />
            <WorkflowButtons />
          </Box>
        </Box>
        {record.status === 'REJECTED' && record.rejectionReason && (
          <Typography color="error" sx={{ mb: 1 }}>
            {translate('app.questions.rejectedBecause', { reason: record.rejectionReason })}
          </Typography>
        )}
        <ConsistencyPair record={record} />
        {available.length > 1 && (
          <MuiTextField select size="small" label={translate('app.nav.language')} value={current} onChange={(e) => setLanguage(e.target.value)} sx={{ minWidth: 160, my: 1 }}>
            {available.map((code) => (
              <MenuItem key={code} value={code}>
                {label(code)}
              </MenuItem>
            ))}
          </MuiTextField>
        )}
        {/* Rich text was cleaned by the server's allow-list when it was saved. */}
        <Box lang={current} sx={{ '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: detail }} />
        {record.mediaUrl && record.mediaType === 'IMAGE' && <Box component="img" src={record.mediaUrl} alt="" sx={{ maxWidth: '100%', maxHeight: 360, mt: 1 }} />}
        {record.mediaUrl && record.mediaType === 'VIDEO' && <Box component="video" src={record.mediaUrl} controls sx={{ maxWidth: '100%', maxHeight: 360, mt: 1 }} />}
        {record.answers.length > 0 && (
          <>
            <Divider sx={{ my: 2 }} />
            {record.ansTitle && <Typography sx={{ mb: 1 }}>{answerTitleIn(record.ansTitle, current)}</Typography>}
            <Stack spacing={0.5} component="ol" sx={{ pl: 3, m: 0 }}>
              {record.answers.map((a, i) => (
                <li key={i} lang={current}>
                  {inLanguage(a.langWiseAnswer, current)?.text}
                  {a.value != null && <Chip size="small" sx={{ ml: 1 }} label={translate('app.questions.points', { smart_count: a.value })} />}
                  {a.isCorrect && <Chip size="small" color="success" sx={{ ml: 1 }} label={translate('app.questions.correct')} />}
                  {a.disqualifies && <Chip size="small" color="error" variant="outlined" sx={{ ml: 1 }} label={translate('app.questionForm.disqualifies')} />}
                </li>
              ))}
            </Stack>
          </>
        )}
        {record.questionType === 'SHORT_TEXT' && (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="body2" color="text.secondary" data-testid="short-text-points">
              {translate('app.questions.maxPoints', { smart_count: record.maxPoints ?? 1 })}
            </Typography>
            {guidance && (
              <Box component="section" aria-label={translate('app.questions.guidance')} sx={{ mt: 1 }}>
                <Typography variant="subtitle2">{translate('app.questions.guidance')}</Typography>
                <Typography lang={current} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {guidance}
                </Typography>
              </Box>
            )}
          </>
        )}
        {record.coding && (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2">{translate('app.questions.testCases', { smart_count: record.coding.testCases.length })}</Typography>
          </>
        )}
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.questions.history')}
        </Typography>
        <Stack spacing={1} component="ol" sx={{ pl: 3, m: 0 }}>
          {record.history.map((h) => (
            <li key={h.id}>
              <Typography variant="body2">
                <DateOf value={h.at} /> · {h.userName ?? '—'} · {translate(`app.questions.historyAction.${h.action}`)}
                {h.toStatus && ` → ${translate(`app.enums.questionStatus.${h.toStatus}`)}`}
                {h.reason && ` · ${h.reason}`}
                {h.changes?.restatedDeleted && ` · ${translate('app.questions.pairDeleted', { title: h.changes.restatedDeleted })}`}
              </Typography>
            </li>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

const DateOf = ({ value }: { value: string }) => <>{useFormat().dateTime(value)}</>;

export const QuestionShow = () => (
  <Show component="div" title={false}>
    <QuestionContent />
  </Show>
);
