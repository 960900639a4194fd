/**
 * Skillgauge's look, shared by the admin's theme (src/theme.ts, on react-admin's) and the
 * candidate's page (src/take/theme.ts, on MUI's alone, so that page does not load react-admin).
 */
export const BRAND = {
  palette: {
    primary: { main: '#1e4fa3' },
    secondary: { main: '#e07a1f' },
    background: { default: '#f5f7fb' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Roboto, "Noto Sans Devanagari", "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
} as const;
