// Fonts ship with the app: Roboto for Latin, Noto Sans Devanagari so Hindi renders everywhere.
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/500.css';
import '@fontsource/noto-sans-devanagari/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App from './App';
import { sendSignedOutToSignIn } from './providers/returnTo';
import { storage } from './providers/storage';

// A mailed link opened signed out shows the sign-in form at once, and comes back after it.
sendSignedOutToSignIn(!!storage.token());

// A browser router gives real paths (/questions), as the specification's routes are written.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
