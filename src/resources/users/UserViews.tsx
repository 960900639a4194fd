/**
 * The user screens (Users, Team Members, Authors, Relationship Managers, Sales Persons): one
 * set of views, each screen fixing what its records are (see screens.ts).
 */
import {
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  EmailField,
  FunctionField,
  NullableBooleanInput,
  PasswordInput,
  ReferenceField,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { DateField } from '../shared/fields';
import { useWatch } from 'react-hook-form';
import { DESIGNATIONS, MEMBERSHIP_TYPES, ROLES } from '../../domain/constants';
import { userSchema } from '../../domain/schemas';
import { useProfile } from '../../custom/layout/useProfile';
import type { Profile } from '../../providers/authProvider';
import { StorageUsagePanel } from './StorageUsagePanel';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { ListActions } from '../shared/named';
import { useDropdown } from '../shared/useDropdown';
import { zodValidate } from '../shared/validation';
import { USER_SCREENS, type UserScreen } from './screens';

const enumChoices = (values: readonly string[], group: string) => values.map((id) => ({ id, name: `app.enums.${group}.${id}` }));

/** Tenant users manage only their own client's team members, with the client-specific membership. */
const isTenant = (profile: Profile | undefined) => profile?.role === 'CLIENT' || profile?.membershipType === 'CLIENT_SPECIFIC_ROLE';

function useScreen(): UserScreen & { resource: string } {
  const resource = useResourceContext() ?? 'users';
  return { resource, ...(USER_SCREENS[resource] ?? {}) };
}

function userFilters(screen: UserScreen) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    ...(screen.role ? [] : [<SelectInput key="role" source="role" choices={enumChoices(ROLES, 'role')} />]),
    <SelectInput key="membershipType" source="membershipType" choices={enumChoices(MEMBERSHIP_TYPES, 'membershipType')} />,
    <NullableBooleanInput key="isActive" source="isActive" />,
    <NullableBooleanInput key="isVerified" source="isVerified" />,
  ];
}

export function UserList() {
  const screen = useScreen();
  const translate = useTranslate();
  return (
    <ResponsiveList
      filters={userFilters(screen)}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<ListActions />}
      aside={screen.resource === 'users' ? <StorageUsagePanel /> : undefined}
    >
      <ResponsiveDatagrid<{ id: string; name: string; email: string; role: string }>
        rowClick="edit"
        phone={{
          primaryText: (r) => r.name,
          // The role where the screen holds several; the job role otherwise.
          secondaryText: (r) => (
            <>
              {r.email} · {screen.role ? <ReferenceField source="position" reference="job-roles" link={false} emptyText="—" /> : translate(`app.enums.role.${r.role}`)}
            </>
          ),
        }}
      >
        <TextField source="name" />
        <EmailField source="email" />
        {!screen.role && <FunctionField source="role" render={(r: { role: string }) => translate(`app.enums.role.${r.role}`)} />}
        <FunctionField source="membershipType" render={(r: { membershipType: string | null }) => (r.membershipType ? translate(`app.enums.membershipType.${r.membershipType}`) : '')} />
        <ReferenceField source="position" reference="job-roles" link={false} emptyText="" />
        <BooleanField source="isActive" />
        <BooleanField source="isVerified" />
        <DateField source="lastLoginAt" showTime emptyText="—" />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}

/** Job role and client pickers follow the membership type chosen above them. */
function MembershipInputs({ screen, tenant }: { screen: UserScreen; tenant: boolean }) {
  const membershipType = useWatch({ name: 'membershipType' }) as string | null;
  const role = useWatch({ name: 'role' }) as string | null;
  const jobRoles = useDropdown(membershipType ? 'jobRoles' : null, membershipType ?? undefined);
  const clients = useDropdown(!tenant && (membershipType === 'CLIENT_SPECIFIC_ROLE' || role === 'CLIENT') ? 'clients' : null);
  return (
    <>
      {!tenant && !screen.membershipType && (
        <SelectInput source="membershipType" choices={enumChoices(MEMBERSHIP_TYPES, 'membershipType')} emptyText="—" />
      )}
      {!tenant && (membershipType === 'CLIENT_SPECIFIC_ROLE' || role === 'CLIENT') && (
        <SelectInput source="clientId" choices={clients.choices} isPending={clients.isPending} />
      )}
      {membershipType && <SelectInput source="position" choices={jobRoles.choices} isPending={jobRoles.isPending} emptyText="—" />}
    </>
  );
}

const validate = zodValidate(userSchema);

function UserForm({ creating }: { creating: boolean }) {
  const screen = useScreen();
  const profile = useProfile();
  const tenant = isTenant(profile);
  const translate = useTranslate();
  const defaults = {
    isActive: true,
    role: screen.role ?? 'USER',
    designation: screen.designation ?? null,
    membershipType: tenant ? 'CLIENT_SPECIFIC_ROLE' : (screen.membershipType ?? (screen.role === 'TEAM_MEMBER' ? 'SKILLGAUGE_TEAM' : null)),
  };
  return (
    <SimpleForm validate={validate} defaultValues={creating ? defaults : undefined} noValidate>
      <TextInput source="name" fullWidth />
      <TextInput source="email" type="email" fullWidth />
      <TextInput source="username" />
      <TextInput source="phone" />
      {!screen.role && <SelectInput source="role" choices={enumChoices(ROLES, 'role')} />}
      {!screen.role && <SelectInput source="designation" choices={enumChoices(DESIGNATIONS, 'designation')} emptyText="—" />}
      <MembershipInputs screen={screen} tenant={tenant} />
      <BooleanInput source="isActive" />
      {profile?.role === 'ADMIN' && !creating && <BooleanInput source="isVerified" />}
      <PasswordInput
        source="password"
        autoComplete="new-password"
        helperText={translate(creating ? 'app.users.passwordHelpCreate' : 'app.users.passwordHelpEdit')}
      />
    </SimpleForm>
  );
}

export const UserCreate = () => (
  <Create redirect="list">
    <UserForm creating />
  </Create>
);

export const UserEdit = () => (
  <Edit mutationMode="pessimistic" transform={(data: Record<string, unknown>) => ({ ...data, password: data.password || undefined })}>
    <UserForm creating={false} />
  </Edit>
);

export function UserShow() {
  const translate = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="username" />
        <FunctionField source="role" render={(r: { role: string }) => translate(`app.enums.role.${r.role}`)} />
        <FunctionField source="membershipType" render={(r: { membershipType: string | null }) => (r.membershipType ? translate(`app.enums.membershipType.${r.membershipType}`) : '—')} />
        <ReferenceField source="position" reference="job-roles" link={false} emptyText="—" />
        <BooleanField source="isActive" />
        <BooleanField source="isVerified" />
        <DateField source="lastLoginAt" showTime emptyText="—" />
        <DateField source="createdAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
