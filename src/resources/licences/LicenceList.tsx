/**
 * `/clientLicence`: the licences, soonest to end first, with their credits used and left and their
 * state; filters by client, state and assessment. Provider staff see every client's and may assign;
 * a client sees its own, read only.
 */
import AddIcon from '@mui/icons-material/Add';
import CardMembershipIcon from '@mui/icons-material/CardMembershipOutlined';
import { AutocompleteInput, Button, FunctionField, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LICENCE_STATES } from '../../domain/business';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { EmptyState } from '../shared/EmptyState';
import { DateField } from '../shared/fields';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { useDropdown } from '../shared/useDropdown';
import { LICENCE_PATHS, type LicenceRow } from './api';
import { CreditsBar, creditsText, LicenceStateChip } from './LicenceParts';

function AssignButton() {
  const profile = useProfile();
  if (!profile || !can(profile, 'LICENCES', 'create')) return null;
  return (
    <Button component={Link} to={LICENCE_PATHS.assign} label="app.licences.assign">
      <AddIcon />
    </Button>
  );
}

export default function LicenceList() {
  const profile = useProfile();
  const translate = useTranslate();
  const format = useFormat();
  const staff = !!profile && !profile.clientId;
  const clients = useDropdown(staff ? 'clients' : null);
  if (!profile) return null;
  const assessmentName = (r: LicenceRow) => r.assessmentName ?? translate('app.licences.anyAssessment');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    ...(staff ? [<AutocompleteInput key="clientId" source="clientId" choices={clients.choices} alwaysOn />] : []),
    <SelectInput key="state" source="state" choices={LICENCE_STATES.map((id) => ({ id, name: `app.licences.states.${id}` }))} alwaysOn />,
    // The server keeps a client's search to its own assessments.
    <ReferenceInput key="assessmentId" source="assessmentId" reference="assessments">
      <AutocompleteInput optionText="name" label="resources.licences.fields.assessmentId" />
    </ReferenceInput>,
  ];
  return (
    <ResponsiveList
      resource="licences"
      // The list's own check (canSeeLicences above) admits a client's users, whom the resource rule (provider only) would not.
      disableAuthentication
      title="app.licences.title"
      filters={filters}
      sort={{ field: 'validUntil', order: 'ASC' }}
      actions={
        <ListActions>
          <AssignButton />
        </ListActions>
      }
      empty={<EmptyState icon={<CardMembershipIcon />} title="app.licences.emptyTitle" body={staff ? 'app.licences.emptyBody' : 'app.licences.emptyBodyClient'} action={<AssignButton />} />}
    >
      <ResponsiveDatagrid<LicenceRow>
        rowClick={(id) => LICENCE_PATHS.view(String(id))}
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => (staff ? `${r.clientName} · ${assessmentName(r)}` : assessmentName(r)),
          secondaryText: (r) => `${creditsText(translate, r)} · ${format.date(r.validFrom)} – ${format.date(r.validUntil)}`,
          tertiaryText: (r) => <LicenceStateChip state={r.state} />,
        }}
      >
        {staff && <FunctionField source="clientName" render={(r: LicenceRow) => r.clientName} />}
        <FunctionField source="assessmentName" sortable={false} render={assessmentName} />
        <FunctionField source="credits" render={(r: LicenceRow) => format.number(r.credits)} />
        <FunctionField source="used" render={(r: LicenceRow) => format.number(r.used)} />
        <FunctionField source="remaining" sortable={false} render={(r: LicenceRow) => <CreditsBar {...r} />} />
        <DateField source="validFrom" />
        <DateField source="validUntil" />
        <FunctionField source="state" sortable={false} render={(r: LicenceRow) => <LicenceStateChip state={r.state} />} />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}
