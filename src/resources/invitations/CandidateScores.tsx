/**
 * The rows of an assessment's candidates with their stored scores: score, band, a band per test,
 * integrity, percentile, completion (sortable where the server sorts), the filters by a skill's band,
 * integrity, band and status, the CSV of every row of the filter, and the selection that compares
 * 2 to 4 candidates. From `sm` up a table with row checkboxes; on phones a list whose rows keep a
 * checkbox of their own beside the link to the report.
 */
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type ReactElement } from 'react';
import {
  AutocompleteInput,
  DatagridConfigurable,
  FilterButton,
  FunctionField,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { INVITATION_STATUSES } from '../../domain/attempt';
import { RATING_BANDS } from '../../domain/content';
import { INTEGRITY_LEVELS } from '../../domain/scoring';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { BandChip, IntegrityChip } from '../reports/bands';
import { saveCsv } from '../shared/csv';
import { DateField } from '../shared/fields';
import { usePhone } from '../shared/ResponsiveList';
import { CANDIDATE_PATHS } from './api';
import { canCompare, COMPARE_MAX, COMPARE_MIN, exportCsvRows, skillBandValue, type NamedSkill, type NamedTest, type ScoredInvitationRow } from './comparison';
import { InvitationActions } from './InvitationActions';
import { InvitationStatusChip, OnlineDot, statusKey } from './InvitationStatus';

const t = (key: string) => `app.comparison.${key}`;

/** The list's filters: search, status, integrity, overall band, and "<band> in <skill>" for the assessment's skills. */
export function useScoreFilters(skills: readonly NamedSkill[]): ReactElement[] {
  const translate = useTranslate();
  const skillBands = skills.flatMap((skill) =>
    RATING_BANDS.map((band) => ({ id: skillBandValue(skill.id, band), name: translate(t('bandInSkill'), { band: translate(`app.enums.band.${band}`), skill: skill.label }) })),
  );
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label="resources.invitations.fields.status" choices={INVITATION_STATUSES.map((id) => ({ id, name: `app.enums.invitationStatus.${id}` }))} />,
    <SelectInput key="integrity" source="integrity" label={t('integrity')} choices={INTEGRITY_LEVELS.map((id) => ({ id, name: `app.report.integrity.levels.${id}` }))} />,
    <SelectInput key="band" source="band" label={t('overallBand')} choices={RATING_BANDS.map((id) => ({ id, name: `app.enums.band.${id}` }))} />,
    ...(skillBands.length ? [<AutocompleteInput key="skillBand" source="skillBand" label={t('skillBand')} choices={skillBands} translateChoice={false} sx={{ minWidth: 260 }} />] : []),
  ];
}

/** 73 % (rounded as every screen rounds it), marked while answers still wait for points. */
function ScoreText({ row }: { row: Pick<ScoredInvitationRow, 'percent' | 'complete'> }) {
  const translate = useTranslate();
  const { score } = useFormat();
  // == null: rows of other lists (and older servers) carry no score fields at all.
  if (row.percent == null) return <>—</>;
  const text = score(row.percent);
  if (row.complete !== false) return <>{text}</>;
  return (
    <Tooltip title={translate(t('provisional'))}>
      <Box component="span" aria-label={`${text}, ${translate(t('provisionalShort'))}`}>
        {text}
        <Box component="span" aria-hidden sx={{ color: 'warning.dark', ml: 0.25 }}>
          *
        </Box>
      </Box>
    </Tooltip>
  );
}

function PercentileText({ value }: { value: number | null }) {
  const { rank } = useFormat();
  return <>{value == null ? '—' : rank(value)}</>;
}

/** A test's band, its score on hover. */
function TestBand({ row, testId }: { row: ScoredInvitationRow; testId: string }) {
  const { score } = useFormat();
  const cell = (row.testScores ?? []).find((c) => c.testId === testId);
  if (!cell || cell.percent == null) return <>—</>;
  return (
    <Tooltip title={score(cell.percent)}>
      <span>
        <BandChip band={cell.band} />
      </span>
    </Tooltip>
  );
}

/** Compare the selected candidates: enabled for 2 to 4 of them, and says so otherwise. */
export function CompareButton({ onCompare }: { onCompare: (ids: string[]) => void }) {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const ready = canCompare(selectedIds.length);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {!ready && (
        <Typography variant="caption" color="text.secondary" role="status">
          {translate(t('compareHint'), { min: COMPARE_MIN, max: COMPARE_MAX })}
        </Typography>
      )}
      <Button size="small" variant="contained" disabled={!ready} startIcon={<CompareArrowsIcon />} onClick={() => onCompare(selectedIds.map(String))}>
        {translate(t('compare'))}
      </Button>
    </Stack>
  );
}

/** A file name from the assessment's name, without the characters file systems refuse. */
const fileNameOf = (name: string) => `${name.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'assessment'}-candidates.csv`;

/** Every row of the current filter and order (not only the page) as a CSV, in the reader's language. */
export function ExportCsvButton({ assessmentId, assessmentName, tests }: { assessmentId: string; assessmentName: string; tests: readonly NamedTest[] }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const rows = await api.exportInvitations({ ...filterValues, assessmentId }, sort);
      const csv = exportCsvRows(rows, tests, {
        header: {
          name: translate('resources.invitations.fields.candidateName'),
          email: translate('resources.invitations.fields.candidateEmail'),
          status: translate('resources.invitations.fields.status'),
          invited: translate('resources.invitations.fields.invitedAt'),
          completed: translate('resources.invitations.fields.completedAt'),
          score: translate(t('csv.score')),
          band: translate(t('band')),
          integrity: translate(t('integrity')),
          percentile: translate(t('percentile')),
          final: translate(t('csv.final')),
        },
        testScore: (name) => translate(t('csv.testScore'), { name }),
        testBand: (name) => translate(t('csv.testBand'), { name }),
        status: (row) => translate(statusKey(row)),
        band: (band) => translate(`app.enums.band.${band}`),
        integrity: (level) => translate(`app.report.integrity.levels.${level}`),
        yes: translate('ra.boolean.true'),
        no: translate('ra.boolean.false'),
      });
      saveCsv(csv, fileNameOf(assessmentName));
      notify(t('exported'), { type: 'info', messageArgs: { smart_count: rows.length } });
    } catch (error) {
      notify(translateMessage(translate, (error as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={busy || !total} onClick={download}>
      {translate(t('export'))}
    </Button>
  );
}

/** The toolbar: filters, columns (not on phones), what the page adds (Invite), the CSV. */
export function ScoreListActions({ preferenceKey, children, exportButton }: { preferenceKey: string; children?: ReactElement | false | null; exportButton: ReactElement }) {
  const phone = usePhone();
  return (
    <TopToolbar>
      <FilterButton />
      {!phone && <SelectColumnsButton preferenceKey={preferenceKey} />}
      {children}
      {exportButton}
    </TopToolbar>
  );
}

/** On phones: each row its name, score, band and percentile, a checkbox to pick it, and a link to its report; a bar to compare the picked. */
function PhoneRows({ onCompare }: { onCompare: (ids: string[]) => void }) {
  const translate = useTranslate();
  const { score, rank } = useFormat();
  const { data, selectedIds, onToggleItem } = useListContext<ScoredInvitationRow>();
  return (
    <>
      {selectedIds.length > 0 && (
        <Paper square elevation={0} sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, bgcolor: 'action.selected' }}>
          <Typography variant="body2">{translate(t('selected'), { smart_count: selectedIds.length })}</Typography>
          <CompareButton onCompare={onCompare} />
        </Paper>
      )}
      <MuiList dense disablePadding>
        {(data ?? []).map((row) => {
          const scored = row.percent != null;
          const secondary = [
            translate(statusKey(row)),
            scored ? score(row.percent!) : null,
            row.band ? translate(`app.enums.band.${row.band}`) : null,
            row.percentile != null ? translate(t('percentileShort'), { value: rank(row.percentile) }) : null,
            row.integrity && row.integrity !== 'NO_ISSUES' ? translate(`app.report.integrity.levels.${row.integrity}`) : null,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <ListItem key={row.id} disablePadding divider>
              <Checkbox
                checked={selectedIds.includes(row.id)}
                onChange={() => onToggleItem(row.id)}
                slotProps={{ input: { 'aria-label': translate(t('selectCandidate'), { name: row.candidateName }) } }}
                sx={{ ml: 0.5 }}
              />
              <ListItemButton component={Link} to={CANDIDATE_PATHS.attempt(row.id)} sx={{ pl: 0.5 }}>
                <ListItemText primary={row.candidateName} secondary={secondary} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </MuiList>
    </>
  );
}

/** The rows: a configurable table with row checkboxes from `sm` up, the phone list below. */
export function CandidateScoreRows({ tests, preferenceKey, onCompare }: { tests: readonly NamedTest[]; preferenceKey: string; onCompare: (ids: string[]) => void }) {
  const refresh = useRefresh();
  const phone = usePhone();
  if (phone) return <PhoneRows onCompare={onCompare} />;
  return (
    <DatagridConfigurable
      preferenceKey={preferenceKey}
      rowClick={(id) => CANDIDATE_PATHS.attempt(String(id))}
      bulkActionButtons={<CompareButton onCompare={onCompare} />}
      omit={['invitedAt', 'startedAt', 'expiresAt', 'online']}
    >
      <FunctionField
        source="candidateName"
        label="resources.invitations.fields.candidateName"
        render={(r: ScoredInvitationRow) => (
          <Box>
            <Typography variant="body2">{r.candidateName}</Typography>
            <Typography variant="caption" color="text.secondary">
              {r.candidateEmail}
            </Typography>
          </Box>
        )}
      />
      <FunctionField source="status" label="resources.invitations.fields.status" render={(r: ScoredInvitationRow) => <InvitationStatusChip row={r} />} />
      <FunctionField source="percent" label={t('score')} render={(r: ScoredInvitationRow) => <ScoreText row={r} />} />
      <FunctionField source="band" label={t('band')} sortable={false} render={(r: ScoredInvitationRow) => (r.percent == null ? '—' : <BandChip band={r.band} />)} />
      {tests.map((test) => (
        <FunctionField key={test.id} source={`test:${test.id}`} label={test.name} sortable={false} render={(r: ScoredInvitationRow) => <TestBand row={r} testId={test.id} />} />
      ))}
      <FunctionField source="integrity" label={t('integrity')} render={(r: ScoredInvitationRow) => (r.integrity ? <IntegrityChip level={r.integrity} /> : '—')} />
      <FunctionField source="percentile" label={t('percentile')} render={(r: ScoredInvitationRow) => <PercentileText value={r.percentile} />} />
      <DateField source="completedAt" label="resources.invitations.fields.completedAt" showTime emptyText="—" />
      <DateField source="invitedAt" label="resources.invitations.fields.invitedAt" showTime />
      <DateField source="startedAt" label="resources.invitations.fields.startedAt" showTime emptyText="—" />
      <DateField source="expiresAt" label="resources.invitations.fields.expiresAt" showTime emptyText="—" />
      <FunctionField source="online" label="resources.invitations.fields.online" sortable={false} render={(r: ScoredInvitationRow) => <OnlineDot online={r.online} />} />
      <FunctionField label="app.invitations.actions" sortable={false} render={(r: ScoredInvitationRow) => <InvitationActions row={r} onDone={refresh} />} />
    </DatagridConfigurable>
  );
}
