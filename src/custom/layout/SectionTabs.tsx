/**
 * Tabs between the screens of one area that the navigation gives a single entry (the question
 * bank's views; campaigns, jobs and hiring stages): each tab is a link, the current screen's is
 * marked.
 */
import { Tab, Tabs } from '@mui/material';
import { useCanAccessResources, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

export interface SectionTab {
  path: string;
  /** A translation key. */
  label: string;
  /** The resource whose list the tab shows: the tab is hidden from those who may not see it. */
  resource?: string;
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function SectionTabs({ tabs, label }: { tabs: readonly SectionTab[]; label: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const guarded = tabs.flatMap((t) => (t.resource ? [t.resource] : []));
  const access = useCanAccessResources({ action: 'list', resources: guarded });
  const shown = tabs.filter((t) => !t.resource || access.canAccess?.[t.resource]);
  const current = shown.find((t) => under(pathname, t.path))?.path ?? false;
  // One tab alone is no choice: nothing to show.
  if (shown.length < 2) return null;
  return (
    <Tabs value={current} aria-label={translate(label)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
      {shown.map((tab) => (
        <Tab key={tab.path} value={tab.path} component={Link} to={tab.path} label={translate(tab.label)} />
      ))}
    </Tabs>
  );
}
