import type { SvgIconComponent } from '@mui/icons-material';
import { createElement } from 'react';
import { lazy } from '../../lazy';

const views = () => import('./named');
const NamedList = lazy(() => views().then((m) => ({ default: m.NamedList })));
const NamedCreate = lazy(() => views().then((m) => ({ default: m.NamedCreate })));
const NamedEdit = lazy(() => views().then((m) => ({ default: m.NamedEdit })));
const NamedShow = lazy(() => views().then((m) => ({ default: m.NamedShow })));

/** The resource definition of a plain named list; views load lazily. */
export function namedResource(icon: SvgIconComponent, options: { withOwner?: boolean } = {}) {
  return {
    list: () => createElement(NamedList, { withOwner: options.withOwner ?? false }),
    create: NamedCreate,
    edit: NamedEdit,
    show: NamedShow,
    icon,
    recordRepresentation: 'name',
  };
}
