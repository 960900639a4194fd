import CategoryIcon from '@mui/icons-material/Category';
import { namedResource } from '../shared/namedResource';

export default namedResource(CategoryIcon);
