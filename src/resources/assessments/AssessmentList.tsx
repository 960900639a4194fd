/**
 * The assessments lists: `/assessment` (my assessments: a client's own, rule C; provider staff see
 * the clients' assessments with a client column) and `/assessments` (the provider's library, rule
 * A). One list, narrowed by the API's `scope` filter.
 */
import AddIcon from '@mui/icons-material/Add';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Button, FunctionField, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ASSESSMENT_STATUSES, ASSESSMENT_TYPES } from '../../domain/assessment';
import { mayListLibrary, mayListOwnAssessments, ruleA, ruleC } from '../../domain/permissions';
import { guard } from '../../custom/pages/AccessDenied';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { EmptyState } from '../shared/EmptyState';
import { DateField, NumberField } from '../shared/fields';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { ASSESSMENT_PATHS, type AssessmentRow } from './api';
import { AssessmentStatusChip, AssessmentTypeChip } from './AssessmentChips';

export type AssessmentScope = 'mine' | 'library';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={ASSESSMENT_TYPES.map((id) => ({ id, name: `app.enums.assessmentType.${id}` }))} />,
  <SelectInput key="status" source="status" choices={ASSESSMENT_STATUSES.map((id) => ({ id, name: `app.enums.assessmentStatus.${id}` }))} />,
];

/** Where "New assessment" leads in each list, and who may use it there. */
const CREATE: Record<AssessmentScope, { path: string; may: (profile: NonNullable<ReturnType<typeof useProfile>>) => boolean }> = {
  mine: { path: ASSESSMENT_PATHS.createForClient, may: (p) => ruleC(p, 'create') },
  library: { path: ASSESSMENT_PATHS.createInLibrary, may: (p) => ruleA(p, 'ASSESSMENT', 'create') },
};

/** Provider staff move between their library and the clients' assessments. */
function OtherListButton({ scope }: { scope: AssessmentScope }) {
  const profile = useProfile();
  if (!profile || !ruleA(profile, 'ASSESSMENT', 'view')) return null;
  return scope === 'library' ? (
    <Button component={Link} to={ASSESSMENT_PATHS.mine} label="app.assessments.clientsTitle">
      <SwapHorizIcon />
    </Button>
  ) : (
    <Button component={Link} to={ASSESSMENT_PATHS.library} label="app.assessments.libraryTitle">
      <SwapHorizIcon />
    </Button>
  );
}

function NewAssessmentButton({ scope }: { scope: AssessmentScope }) {
  const profile = useProfile();
  if (!profile || !CREATE[scope].may(profile)) return null;
  return (
    <Button component={Link} to={CREATE[scope].path} label="app.assessments.new">
      <AddIcon />
    </Button>
  );
}

export default function AssessmentList({ scope }: { scope: AssessmentScope }) {
  const profile = useProfile();
  const translate = useTranslate();
  const { languageName } = useFormat();
  if (!profile) return null;
  // The library is the provider's (rule A); "my assessments" is anyone's who may see assessments.
  // Provider staff looking at "my assessments" see every client's: the client column says whose.
  const withClient = scope === 'mine' && !profile.clientId;
  const title = scope === 'library' ? 'app.assessments.libraryTitle' : withClient ? 'app.assessments.clientsTitle' : 'app.assessments.mineTitle';
  const languages = (r: AssessmentRow) => r.languages.map((code) => languageName(code)).join(', ');

  return (
    <ResponsiveList
      resource="assessments"
      storeKey={`assessments.${scope}`}
      filter={{ scope }}
      title={title}
      filters={filters}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      actions={
        <ListActions>
          <OtherListButton scope={scope} />
          <NewAssessmentButton scope={scope} />
        </ListActions>
      }
      empty={<EmptyState icon={<FactCheckIcon />} title="app.assessments.emptyTitle" body="app.assessments.emptyBody" action={<NewAssessmentButton scope={scope} />} />}
    >
      <ResponsiveDatagrid<AssessmentRow>
        rowClick={(id) => ASSESSMENT_PATHS.view(String(id))}
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => r.name,
          secondaryText: (r) =>
            [
              withClient ? r.clientName : null,
              translate(`app.enums.assessmentType.${r.type}`),
              translate('app.assessments.testCount', { smart_count: r.testCount }),
              translate('app.assessments.completedOf', { completed: r.completedCount, invited: r.invitationCount }),
            ]
              .filter(Boolean)
              .join(' · '),
          tertiaryText: (r) => <AssessmentStatusChip status={r.status} />,
        }}
      >
        <FunctionField source="name" render={(r: AssessmentRow) => r.name} />
        {withClient && <FunctionField source="clientName" sortable={false} render={(r: AssessmentRow) => r.clientName ?? translate('app.assessments.library')} />}
        <FunctionField source="type" sortable={false} render={(r: AssessmentRow) => <AssessmentTypeChip type={r.type} />} />
        <FunctionField source="status" render={(r: AssessmentRow) => <AssessmentStatusChip status={r.status} />} />
        <FunctionField source="languages" sortable={false} render={languages} />
        <NumberField source="testCount" sortable={false} />
        <FunctionField
          source="invitationCount"
          sortable={false}
          render={(r: AssessmentRow) => translate('app.assessments.completedOf', { completed: r.completedCount, invited: r.invitationCount })}
        />
        <DateField source="updatedAt" showTime />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}

/** `/assessments`: the provider's library. */
export const AssessmentLibrary = () => guard(mayListLibrary, <AssessmentList scope="library" />);
/** `/assessment`: a client's own assessments (the clients' for provider staff). */
export const MyAssessments = () => guard(mayListOwnAssessments, <AssessmentList scope="mine" />);
