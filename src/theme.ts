import { defaultTheme } from 'react-admin';
import { deepmerge } from '@mui/utils';

/** The widest a create or edit form grows (px). */
export const FORM_MAX_WIDTH = 960;

/** Skillgauge's colours on react-admin's default theme. */
export const theme = deepmerge(defaultTheme, {
  palette: {
    primary: { main: '#1e4fa3' },
    secondary: { main: '#e07a1f' },
    background: { default: '#f5f7fb' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Roboto, "Noto Sans Devanagari", "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // Wide tables scroll inside their card on narrow screens instead of widening the page.
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } } },
    // Forms (with their title and actions) keep a readable width on wide screens instead of stretching across the page.
    RaCreate: { styleOverrides: { root: { maxWidth: FORM_MAX_WIDTH } } },
    RaEdit: { styleOverrides: { root: { maxWidth: FORM_MAX_WIDTH } } },
  },
});
