/** The candidate's page's theme: the admin's colours, shape and fonts (src/brand.ts) on MUI alone, with large touch targets. */
import { createTheme } from '@mui/material/styles';
import { BRAND } from '../brand';

export const takeTheme = createTheme({
  palette: BRAND.palette,
  shape: BRAND.shape,
  typography: { ...BRAND.typography, h1: { fontSize: '1.6rem', fontWeight: 500 }, h2: { fontSize: '1.25rem', fontWeight: 500 }, h3: { fontSize: '1.1rem', fontWeight: 500 } },
  components: {
    MuiButton: { styleOverrides: { root: { ...BRAND.components.MuiButton.styleOverrides.root, minHeight: 44 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
  },
});
