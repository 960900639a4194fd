/** The question bank's three views side by side: all questions, qualifying questions, reports. */
import { SectionTabs } from '../../custom/layout/SectionTabs';
import { useProfile } from '../../custom/layout/useProfile';

export function QuestionBankTabs() {
  const profile = useProfile();
  const tabs = [
    { path: '/questions', label: profile?.role === 'USER' ? 'app.nav.myQuestions' : 'app.nav.questionBank' },
    { path: '/qualifying-question', label: 'app.qualifying.title' },
    { path: '/question-reports', label: 'app.questionReports.title' },
  ];
  return <SectionTabs tabs={tabs} label="app.nav.questionBank" />;
}
