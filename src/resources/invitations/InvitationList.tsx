/**
 * Invitations (the attempts of candidates): `/candidate` (Participants: every invitation, with the
 * level filter of specification section 9; "Online" refreshes every 15 s so staff can watch a
 * session live), and the same rows for one assessment (`/viewcandidatelist/:id`) or one
 * candidate (`/candidate/:id/assessments`). A row opens the attempt.
 */
import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, type ReactElement } from 'react';
import {
  AutocompleteInput,
  DateInput,
  FunctionField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useInput,
  useListContext,
  useRefresh,
  useTranslate,
  type ListProps,
} from 'react-admin';
import { LEVEL_FILTERS } from '../../domain/assessment';
import { INVITATION_STATUSES } from '../../domain/attempt';
import { EmptyState } from '../shared/EmptyState';
import { DateField } from '../shared/fields';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { useFormat } from '../../i18n/useFormat';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import { CANDIDATE_PATHS, type InvitationRow } from './api';
import { InvitationActions } from './InvitationActions';
import { InvitationStatusChip, OnlineDot, statusKey } from './InvitationStatus';

/** How often the list asks again while it shows who is online. */
export const LIVE_REFRESH_MS = 15_000;

/** All / Online / Offline, as the `level` filter (absent for all). */
function LevelInput({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={field.value || 'all'}
      aria-label={translate('app.invitations.level')}
      onChange={(_, next: string | null) => next && field.onChange(next === 'all' ? '' : next)}
      sx={{ mb: '4px', alignSelf: 'flex-end' }}
    >
      {LEVEL_FILTERS.map((level) => (
        <ToggleButton key={level} value={level} sx={{ px: 1.5 }}>
          {translate(`app.invitations.levels.${level}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Asks the server again every 15 s while the list shows online candidates, and says so. */
function LiveRefresh() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const refresh = useRefresh();
  const live = filterValues?.level === 'online';
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(refresh, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, refresh]);
  if (!live) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 1 }}>
      {translate('app.invitations.liveNote', { seconds: LIVE_REFRESH_MS / 1000 })}
    </Typography>
  );
}

// The day filters send whole days in the browser's time zone: from its first moment to its last.
const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : value);
const dayEnd = (value: string) => (value ? new Date(`${value}T23:59:59.999`).toISOString() : value);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <LevelInput key="level" source="level" alwaysOn />,
  <SelectInput key="status" source="status" choices={INVITATION_STATUSES.map((id) => ({ id, name: `app.enums.invitationStatus.${id}` }))} />,
  <ReferenceInput key="assessmentId" source="assessmentId" reference="assessments" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <DateInput key="invitedAt_gte" source="invitedAt_gte" parse={dayStart} />,
  <DateInput key="invitedAt_lte" source="invitedAt_lte" parse={dayEnd} />,
];

export type InvitationColumn = 'candidate' | 'assessment' | 'started' | 'expires' | 'online' | 'actions';

/** The rows of an invitations list with the columns a screen asks for. */
export function InvitationGrid({ columns }: { columns: InvitationColumn[] }) {
  const translate = useTranslate();
  const { date } = useFormat();
  const refresh = useRefresh();
  const has = (column: InvitationColumn) => columns.includes(column);
  return (
    <>
      <LiveRefresh />
      <ResponsiveDatagrid<InvitationRow>
        rowClick={(id) => CANDIDATE_PATHS.attempt(String(id))}
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => (has('candidate') ? r.candidateName : r.assessmentName),
          secondaryText: (r) =>
            [has('candidate') && has('assessment') ? r.assessmentName : has('candidate') ? r.candidateEmail : null, translate(statusKey(r)), translate('app.invitations.invitedOn', { date: date(r.invitedAt) })]
              .filter(Boolean)
              .join(' · '),
          tertiaryText: has('online') ? (r) => <OnlineDot online={r.online} /> : undefined,
        }}
      >
        {has('candidate') && <FunctionField source="candidateName" render={(r: InvitationRow) => r.candidateName} />}
        {has('candidate') && <FunctionField source="candidateEmail" render={(r: InvitationRow) => r.candidateEmail} />}
        {has('assessment') && <FunctionField source="assessmentName" render={(r: InvitationRow) => r.assessmentName} />}
        <FunctionField source="status" render={(r: InvitationRow) => <InvitationStatusChip row={r} />} />
        <DateField source="invitedAt" showTime />
        {has('started') && <DateField source="startedAt" showTime emptyText="—" />}
        <DateField source="completedAt" showTime emptyText="—" />
        {has('expires') && <DateField source="expiresAt" showTime emptyText="—" />}
        {has('online') && <FunctionField source="online" sortable={false} render={(r: InvitationRow) => <OnlineDot online={r.online} />} />}
        {has('actions') && <FunctionField label="app.invitations.actions" sortable={false} render={(r: InvitationRow) => <InvitationActions row={r} onDone={refresh} />} />}
      </ResponsiveDatagrid>
    </>
  );
}

/** An invitations list narrowed to an assessment or a candidate (or not), with the filters that make sense there. */
export function InvitationsOf({
  filter,
  columns,
  storeKey,
  title,
  actions,
  empty,
}: {
  filter: Record<string, unknown>;
  columns: InvitationColumn[];
  storeKey: string;
  title?: ListProps['title'];
  actions?: ReactElement;
  empty?: ReactElement | false;
}) {
  // A list of one assessment's (or one candidate's) invitations has no use for that filter.
  const shown = filters.filter((f) => !(f.key && String(f.key) in filter));
  return (
    <ResponsiveList
      resource="invitations"
      storeKey={storeKey}
      filter={filter}
      filters={shown}
      title={title}
      sort={{ field: 'invitedAt', order: 'DESC' }}
      perPage={20}
      actions={actions ?? <ListActions />}
      empty={empty}
    >
      <InvitationGrid columns={columns} />
    </ResponsiveList>
  );
}

/** `/candidate`: Participants. */
export default function InvitationList() {
  return (
    <Box>
      <InvitationsOf
        filter={{}}
        storeKey="invitations.all"
        title="app.invitations.title"
        columns={['candidate', 'assessment', 'online']}
        empty={<EmptyState icon={<GroupIcon />} title="app.invitations.emptyTitle" body="app.invitations.emptyBody" />}
      />
    </Box>
  );
}
