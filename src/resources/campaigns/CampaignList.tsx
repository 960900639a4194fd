/**
 * `/campaign`: the campaigns a user may see (a client its own, the provider's staff all), with the
 * assessment, the dates, the state and the funnel's counts; filters by text, state, assessment and
 * start date. A row opens the campaign.
 */
import AddIcon from '@mui/icons-material/Add';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import { Button } from '@mui/material';
import { AutocompleteInput, DateInput, FunctionField, ReferenceInput, SearchInput, SelectInput, useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { CAMPAIGN_STATUSES } from '../../domain/business';
import { useFormat } from '../../i18n/useFormat';
import { EmptyState } from '../shared/EmptyState';
import { DateField } from '../shared/fields';
import { ListActions } from '../shared/named';
import { HiringTabs } from '../jobs/HiringTabs';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { CAMPAIGN_PATHS, type CampaignRow } from './api';
import { CampaignStatusChip } from './CampaignStatus';

const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : value);
const dayEnd = (value: string) => (value ? new Date(`${value}T23:59:59.999`).toISOString() : value);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label="resources.campaigns.fields.status" choices={CAMPAIGN_STATUSES.map((id) => ({ id, name: `app.campaigns.status.${id}` }))} alwaysOn />,
  <ReferenceInput key="assessmentId" source="assessmentId" reference="assessments" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" label="resources.campaigns.fields.assessmentName" />
  </ReferenceInput>,
  <DateInput key="startsAt_gte" source="startsAt_gte" label="app.campaigns.startsFrom" parse={dayStart} />,
  <DateInput key="startsAt_lte" source="startsAt_lte" label="app.campaigns.startsUntil" parse={dayEnd} />,
];

function NewCampaignButton() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'campaigns', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={CAMPAIGN_PATHS.create} startIcon={<AddIcon />} size="small">
      {translate('app.campaigns.new')}
    </Button>
  );
}

export default function CampaignList() {
  const translate = useTranslate();
  const { number, date } = useFormat();
  const funnel = (r: CampaignRow) => `${number(r.invitedCount)} / ${number(r.startedCount)} / ${number(r.completedCount)}`;
  return (
    <>
      <HiringTabs />
      <ResponsiveList
        resource="campaigns"
        storeKey="campaigns.all"
        title="app.campaigns.title"
        filters={filters}
        sort={{ field: 'startsAt', order: 'DESC' }}
        perPage={20}
        actions={
          <ListActions>
            <NewCampaignButton />
          </ListActions>
        }
        empty={<EmptyState icon={<CampaignIcon />} title="app.campaigns.emptyTitle" body="app.campaigns.emptyBody" action={<NewCampaignButton />} />}
      >
        <ResponsiveDatagrid<CampaignRow>
          rowClick={(id) => CAMPAIGN_PATHS.view(String(id))}
          bulkActionButtons={false}
          phone={{
            primaryText: (r) => r.name,
            secondaryText: (r) => `${r.assessmentName} · ${date(r.startsAt)} – ${date(r.endsAt)} · ${translate('app.campaigns.funnelShort', { funnel: funnel(r) })}`,
            tertiaryText: (r) => <CampaignStatusChip status={r.status} />,
          }}
        >
          <FunctionField source="name" render={(r: CampaignRow) => r.name} />
          <FunctionField source="assessmentName" render={(r: CampaignRow) => r.assessmentName} />
          <FunctionField source="clientName" render={(r: CampaignRow) => r.clientName ?? translate('app.campaigns.provider')} />
          <DateField source="startsAt" showTime />
          <DateField source="endsAt" showTime />
          <FunctionField source="status" sortable={false} render={(r: CampaignRow) => <CampaignStatusChip status={r.status} />} />
          <FunctionField source="invitedCount" sortable={false} textAlign="right" render={(r: CampaignRow) => number(r.invitedCount)} />
          <FunctionField source="startedCount" sortable={false} textAlign="right" render={(r: CampaignRow) => number(r.startedCount)} />
          <FunctionField source="completedCount" sortable={false} textAlign="right" render={(r: CampaignRow) => number(r.completedCount)} />
        </ResponsiveDatagrid>
      </ResponsiveList>
    </>
  );
}
