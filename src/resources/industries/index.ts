import FactoryIcon from '@mui/icons-material/Factory';
import { namedResource } from '../shared/namedResource';

export default namedResource(FactoryIcon);
