import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { namedResource } from '../shared/namedResource';

/** Verticals may be shared by all clients or belong to one. */
export default namedResource(AccountTreeIcon, { withOwner: true });
