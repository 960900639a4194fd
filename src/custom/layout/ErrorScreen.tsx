import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useTabTitle } from './tabTitle';

/**
 * 'Unexpected Application Error!' (specification section 2, in the interface language) with a way
 * home. `notFound`: the address leads nowhere; `failure`: a screen broke, with its message under
 * "Details" and a way to try again.
 */
export function ErrorScreen({ kind = 'failure', detail, onRetry }: { kind?: 'notFound' | 'failure'; detail?: string; onRetry?: () => void }) {
  const translate = useTranslate();
  const notFound = kind === 'notFound';
  useTabTitle(translate(notFound ? 'app.page.notFoundTitle' : 'app.page.failureTitle'));
  const Icon = notFound ? SearchOffIcon : ErrorOutlineIcon;
  return (
    <Box role="alert" data-kind={kind} sx={{ p: 4, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <Icon sx={{ fontSize: 56, color: notFound ? 'text.secondary' : 'error.main', mb: 1 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.page.unexpectedError')}
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(notFound ? 'app.page.notFoundTitle' : 'app.page.failureTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {notFound ? translate('app.page.notFoundBody', { path: window.location.pathname }) : translate('app.page.failureBody')}
      </Typography>
      {!notFound && detail && (
        <Box component="details" sx={{ mb: 3, textAlign: 'left', color: 'text.secondary' }}>
          <summary>{translate('app.page.details')}</summary>
          <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
            {detail}
          </Typography>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        {onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            {translate('app.page.tryAgain')}
          </Button>
        )}
        <Button variant="contained" href="/">
          {translate('app.page.goHome')}
        </Button>
      </Stack>
    </Box>
  );
}

export function NotFoundScreen() {
  return <ErrorScreen kind="notFound" />;
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
    return this.state.error ? <ErrorScreen kind="failure" detail={this.state.error.message} onRetry={() => this.setState({ error: null })} /> : this.props.children;
  }
}
