/** The question bank's three views side by side: all questions, qualifying questions, reports. */
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useProfile } from '../../custom/layout/useProfile';

const TABS = [
  { path: '/questions', label: 'bank' },
  { path: '/qualifying-question', label: 'app.qualifying.title' },
  { path: '/question-reports', label: 'app.questionReports.title' },
] as const;

export function QuestionBankTabs() {
  const translate = useTranslate();
  const profile = useProfile();
  const { pathname } = useLocation();
  const current = TABS.find((t) => pathname.startsWith(t.path))?.path ?? false;
  const bankLabel = translate(profile?.role === 'USER' ? 'app.nav.myQuestions' : 'app.nav.questionBank');
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
      {TABS.map((tab) => (
        <Tab key={tab.path} value={tab.path} component={Link} to={tab.path} label={tab.label === 'bank' ? bankLabel : translate(tab.label)} />
      ))}
    </Tabs>
  );
}
