import { Box, Button, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** 'Unexpected Application Error!' with a way home: unknown routes and screens that crash. */
export function ErrorScreen({ detail }: { detail?: string }) {
  const translate = useTranslate();
  return (
    <Box role="alert" sx={{ p: 4, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      {detail && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {detail}
        </Typography>
      )}
      <Button variant="contained" href="/">
        {translate('app.page.goHome')}
      </Button>
    </Box>
  );
}

export function NotFoundScreen() {
  const translate = useTranslate();
  return <ErrorScreen detail={translate('app.page.notFoundBody', { path: window.location.pathname })} />;
}

/** Catches a screen that throws while rendering, so the rest of the app stays usable. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  componentDidUpdate(previous: { resetKey?: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  render() {
    return this.state.error ? <ErrorScreen detail={this.state.error.message} /> : this.props.children;
  }
}
