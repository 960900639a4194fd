import { defaultTheme } from 'react-admin';
import { deepmerge } from '@mui/utils';
import { BRAND } from './brand';

/** The widest a create or edit form grows (px). */
export const FORM_MAX_WIDTH = 960;

/** Skillgauge's colours on react-admin's default theme. */
export const theme = deepmerge(defaultTheme, {
  palette: BRAND.palette,
  shape: BRAND.shape,
  typography: BRAND.typography,
  components: {
    ...BRAND.components,
    // Wide tables scroll inside their card on narrow screens instead of widening the page. The card then
    // clips what sticks out of it, so the selection's toolbar (react-admin slides it up over the list's
    // own toolbar) opens inside the card, above the table, instead of out of sight.
    RaList: {
      styleOverrides: {
        root: {
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto' },
          '& .RaList-content .RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' },
        },
      },
    },
    // Forms (with their title and actions) keep a readable width on wide screens instead of stretching across the page.
    RaCreate: { styleOverrides: { root: { maxWidth: FORM_MAX_WIDTH } } },
    RaEdit: { styleOverrides: { root: { maxWidth: FORM_MAX_WIDTH } } },
  },
});
