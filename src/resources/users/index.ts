import EditNoteIcon from '@mui/icons-material/EditNote';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PeopleIcon from '@mui/icons-material/People';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { SvgIconComponent } from '@mui/icons-material';
import { lazy } from '../../lazy';

const views = () => import('./UserViews');
const list = lazy(() => views().then((m) => ({ default: m.UserList })));
const create = lazy(() => views().then((m) => ({ default: m.UserCreate })));
const edit = lazy(() => views().then((m) => ({ default: m.UserEdit })));
const show = lazy(() => views().then((m) => ({ default: m.UserShow })));

const userScreen = (icon: SvgIconComponent) => ({ list, create, edit, show, icon, recordRepresentation: 'name' });

/** The admin's list of every account. */
export default userScreen(PeopleIcon);
export const teamMembers = userScreen(GroupsIcon);
export const authors = userScreen(EditNoteIcon);
export const relationshipManagers = userScreen(HandshakeIcon);
export const salesPersons = userScreen(StorefrontIcon);
