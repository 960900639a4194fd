import { defaultTheme } from 'react-admin';
import { deepmerge } from '@mui/utils';

/** Skillgauge's colours on react-admin's default theme. */
export const theme = deepmerge(defaultTheme, {
  palette: {
    primary: { main: '#1e4fa3' },
    secondary: { main: '#e07a1f' },
    background: { default: '#f5f7fb' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});
