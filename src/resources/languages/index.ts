import TranslateIcon from '@mui/icons-material/Translate';
import { lazy } from '../../lazy';

const views = () => import('./LanguageViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.LanguageList }))),
  create: lazy(() => views().then((m) => ({ default: m.LanguageCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.LanguageEdit }))),
  icon: TranslateIcon,
  recordRepresentation: 'label',
};

export const LanguageContentPage = lazy(() => views().then((m) => ({ default: m.LanguageContentPage })));
