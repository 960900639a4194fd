// The candidate's page (take.html): its own small entry, no react-admin. Fonts as the admin has them.
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/500.css';
import { createRoot } from 'react-dom/client';
import { loadMessages } from '../i18n/take';
import { detectUiLanguage } from './i18n';
import { TakeApp } from './TakeApp';

// The interface language's words first (Hindi is a chunk of its own), then the page.
const language = detectUiLanguage();
const root = createRoot(document.getElementById('root')!);
loadMessages(language).then(
  () => root.render(<TakeApp language={language} />),
  () => root.render(<TakeApp language="en" />),
);
