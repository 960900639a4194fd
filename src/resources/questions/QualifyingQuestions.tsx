/**
 * `/qualifying-question`: the question bank's qualifying questions (asked before an assessment's
 * tests) with, for each, the answers that disqualify a candidate, in the interface's language.
 */
import AddIcon from '@mui/icons-material/Add';
import RuleIcon from '@mui/icons-material/Rule';
import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Button,
  Datagrid,
  FilterButton,
  FunctionField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCreatePath,
  useListContext,
  useLocale,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { QUESTION_STATUSES, type QuestionStatus } from '../../domain/content';
import { mayCreateQuestions } from '../../domain/questionWorkflow';
import { useProfile } from '../../custom/layout/useProfile';
import { StatusBadge } from './QuestionViews';
import { inLanguage } from '../../domain/language';
import { EmptyState } from '../shared/EmptyState';
import { ResponsiveList, usePhone } from '../shared/ResponsiveList';
import { QuestionBankTabs } from './QuestionBankTabs';

/** Where the question form starts a qualifying question. */
export const NEW_QUALIFYING_PATH = '/new-question/bank?qualifying=true';

interface Answer {
  langWiseAnswer: { language: string; text: string }[];
  disqualifies?: boolean;
}
interface QualifyingQuestion {
  id: string;
  title: string;
  status: QuestionStatus;
  primarySkillLabel: string | null;
  answers: Answer[];
}

/** An answer's text in the given language, else English, else the first it has. */
export function answerText(answer: Answer, language: string): string {
  return inLanguage(answer.langWiseAnswer, language)?.text ?? '';
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={QUESTION_STATUSES.map((id) => ({ id, name: `app.enums.questionStatus.${id}` }))} />,
  <ReferenceInput key="primarySkill" source="primarySkill" reference="skills" perPage={100} sort={{ field: 'label', order: 'ASC' }}>
    <AutocompleteInput optionText="label" />
  </ReferenceInput>,
];

function NewQualifyingButton() {
  const profile = useProfile();
  if (!profile || !mayCreateQuestions(profile)) return null;
  return (
    <Button component={Link} to={NEW_QUALIFYING_PATH} label="app.qualifying.new">
      <AddIcon />
    </Button>
  );
}

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <NewQualifyingButton />
  </TopToolbar>
);

const Empty = () => <EmptyState icon={<RuleIcon />} title="app.qualifying.emptyTitle" body="app.qualifying.emptyBody" action={<NewQualifyingButton />} />;

function DisqualifyingAnswers({ answers }: { answers: Answer[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const disqualifying = (answers ?? []).filter((a) => a.disqualifies);
  if (!disqualifying.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.qualifying.noneMarked')}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {disqualifying.map((a, i) => (
        <Chip
          key={i}
          size="small"
          color="error"
          variant="outlined"
          label={answerText(a, locale)}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      ))}
    </Stack>
  );
}

/** Phones: one card per question instead of a table too wide to read. */
function QualifyingCards() {
  const { data } = useListContext<QualifyingQuestion>();
  const createPath = useCreatePath();
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {data?.map((r) => (
        <Card key={r.id} variant="outlined">
          <CardActionArea component={Link} to={createPath({ resource: 'questions', id: r.id, type: 'show' })}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 0.5 }}>
                <Typography variant="subtitle2" component="h2">
                  {r.title}
                </Typography>
                <StatusBadge status={r.status} />
              </Stack>
              {r.primarySkillLabel && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {r.primarySkillLabel}
                </Typography>
              )}
              <DisqualifyingAnswers answers={r.answers} />
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

export default function QualifyingQuestionsPage() {
  const phone = usePhone();
  return (
    <>
      <QuestionBankTabs />
      <ResponsiveList
        resource="questions"
        // Its own filters and sort, apart from the question bank's.
        storeKey="qualifying-questions"
        filter={{ isQualifying: true }}
        title="app.qualifying.title"
        filters={filters}
        sort={{ field: 'updatedAt', order: 'DESC' }}
        actions={<Actions />}
        empty={<Empty />}
      >
        {phone ? (
          <QualifyingCards />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Datagrid rowClick="show" bulkActionButtons={false}>
              <TextField source="title" />
              <TextField source="primarySkillLabel" sortable={false} />
              <FunctionField source="status" render={(r: QualifyingQuestion) => <StatusBadge status={r.status} />} />
              <FunctionField label="app.qualifying.disqualifying" render={(r: QualifyingQuestion) => <DisqualifyingAnswers answers={r.answers} />} />
            </Datagrid>
          </Box>
        )}
      </ResponsiveList>
    </>
  );
}
