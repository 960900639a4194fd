/**
 * `/question-reports`: per question, over each candidate's first completed attempt, how often it
 * was answered, the average points, the share of each answer and its item statistics in each test
 * (flags and sample sizes) (the `question-reports` list, GET /api/questions/reports).
 */
import BarChartIcon from '@mui/icons-material/BarChart';
import { Box, Card, CardActionArea, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
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
  useTranslate,
} from 'react-admin';
import { NumberField } from '../shared/fields';
import { useFormat } from '../../i18n/useFormat';
import { Link } from 'react-router-dom';
import { QUESTION_CATEGORIES } from '../../domain/content';
import type { AnswerShare, QuestionReport } from '../../domain/questionReports';
import { EmptyState } from '../shared/EmptyState';
import { ResponsiveList, usePhone } from '../shared/ResponsiveList';
import { QuestionBankTabs } from './QuestionBankTabs';
import { QuestionTestFigures } from '../test-library/ItemFigures';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="category" source="category" label="app.questionReports.fields.category" choices={QUESTION_CATEGORIES.map((id) => ({ id, name: `app.enums.category.${id}` }))} />,
  <ReferenceInput key="primarySkill" source="primarySkill" label="app.questionReports.fields.primarySkillLabel" reference="skills" perPage={100} sort={{ field: 'label', order: 'ASC' }}>
    <AutocompleteInput optionText="label" label="app.questionReports.fields.primarySkillLabel" />
  </ReferenceInput>,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
  </TopToolbar>
);

const NoResponses = () => <EmptyState icon={<BarChartIcon />} title="app.questionReports.emptyTitle" body="app.questionReports.emptyBody" />;

/** Each answer's share as a small bar with its percentage. */
export function AnswerShares({ report }: { report: QuestionReport }) {
  const translate = useTranslate();
  const format = useFormat();
  const answerName = (s: AnswerShare) => s.text || translate('app.questionReports.answerNumber', { n: s.index + 1 });
  return (
    <Stack spacing={0.5} sx={{ minWidth: { sm: 220 }, maxWidth: { sm: 360 } }}>
      {report.questionType === 'SORTING_ORDER' && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.questionReports.rankedFirst')}
        </Typography>
      )}
      {report.answerShares.map((s) => (
        <Box key={s.index}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" lang={s.text ? 'en' : undefined} sx={{ overflowWrap: 'anywhere' }}>
              {answerName(s)}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} title={translate('app.questionReports.chosenBy', { smart_count: s.count })}>
              {format.percent(s.share)}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={Math.round(s.share * 100)}
            aria-label={`${answerName(s)}: ${format.percent(s.share)}`}
            sx={{ height: 6, borderRadius: 3 }}
          />
        </Box>
      ))}
    </Stack>
  );
}

function AveragePoints({ report }: { report: QuestionReport }) {
  const { number } = useFormat();
  if (report.averagePoints == null) return <>—</>;
  const format = (n: number) => number(n, { maximumFractionDigits: 2 });
  return <>{report.maxPoints ? `${format(report.averagePoints)} / ${format(report.maxPoints)}` : format(report.averagePoints)}</>;
}

/** Phones: one card per question, its figures above its answers. */
function ReportCards() {
  const { data } = useListContext<QuestionReport>();
  const translate = useTranslate();
  const format = useFormat();
  const createPath = useCreatePath();
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {data?.map((r) => (
        <Card key={r.id} variant="outlined">
          <CardActionArea component={Link} to={createPath({ resource: 'questions', id: r.id, type: 'show' })}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Typography variant="subtitle2" component="h2">
                {r.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[r.primarySkillLabel, translate(`app.enums.questionType.${r.questionType}`)].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2" sx={{ my: 1 }}>
                {translate('app.questionReports.fields.timesAnswered')}: {format.number(r.timesAnswered)} · {translate('app.questionReports.fields.averagePoints')}:{' '}
                <AveragePoints report={r} />
              </Typography>
              <AnswerShares report={r} />
              <Box sx={{ mt: 1.5 }}>
                <QuestionTestFigures statistics={r.statistics} />
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

export default function QuestionReportsPage() {
  const translate = useTranslate();
  const phone = usePhone();
  return (
    <>
      <QuestionBankTabs />
      <ResponsiveList
        resource="question-reports"
        title="app.questionReports.title"
        filters={filters}
        sort={{ field: 'timesAnswered', order: 'DESC' }}
        actions={<Actions />}
        empty={<NoResponses />}
      >
        {phone ? (
          <ReportCards />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Datagrid rowClick={(id) => `/questions/${id}/show`} bulkActionButtons={false}>
              <TextField source="title" label="app.questionReports.fields.title" />
              <TextField source="primarySkillLabel" label="app.questionReports.fields.primarySkillLabel" sortable={false} />
              <FunctionField
                source="questionType"
                label="app.questionReports.fields.questionType"
                sortable={false}
                render={(r: QuestionReport) => translate(`app.enums.questionType.${r.questionType}`)}
              />
              <NumberField source="timesAnswered" label="app.questionReports.fields.timesAnswered" />
              <FunctionField source="averagePoints" label="app.questionReports.fields.averagePoints" render={(r: QuestionReport) => <AveragePoints report={r} />} />
              <FunctionField label="app.questionReports.fields.answerShares" render={(r: QuestionReport) => <AnswerShares report={r} />} />
              <FunctionField label="app.questionReports.fields.statistics" render={(r: QuestionReport) => <QuestionTestFigures statistics={r.statistics} />} />
            </Datagrid>
          </Box>
        )}
      </ResponsiveList>
    </>
  );
}
