/**
 * Wording the interface shares: dates and numbers in the Indian locale of the interface language
 * (one helper), language names in the interface language, server messages in Hindi, and the error
 * screen that tells a missing page from a failure.
 */
import { Autocomplete, TextField as MuiTextField } from '@mui/material';
import { screen, waitFor, within } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary, NotFoundScreen } from '../../src/custom/layout/ErrorScreen';
import { createI18nProvider } from '../../src/i18n';
import { formatDate, formatDateTime, formatNumber, indianLocale, languageName } from '../../src/domain/format';
import en from '../../src/i18n/en';
import hi from '../../src/i18n/hi';
import { messageKey } from '../../src/i18n/messages';
import { FIELD_MESSAGES } from '../../src/domain/fieldMessages';
import { Form } from 'react-admin';
import { LanguageList } from '../../src/resources/languages/LanguageViews';
import { LocationList } from '../../src/resources/locations/LocationViews';
import { ContentEditor } from '../../src/resources/shared/ContentEditor';
import { useContentLanguageChoices } from '../../src/resources/shared/LanguageSwitcher';
import { mockApi, renderPage, renderResource } from './kit';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(folder: string, extensions = ['.ts', '.tsx']): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (extensions.some((e) => name.endsWith(e))) found.push({ path: path.slice(ROOT.length + 1), text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(ROOT, folder));
  return found;
}

describe('dates and numbers', () => {
  const moment = '2026-11-23T09:05:00Z';

  it('use en-IN and hi-IN, not US format', () => {
    expect(indianLocale('en')).toBe('en-IN');
    expect(indianLocale('hi')).toBe('hi-IN');
    expect(formatNumber(1234567.5, 'en')).toBe('12,34,567.5');
    expect(formatNumber(1234567.5, 'hi')).toBe('12,34,567.5');
    const english = formatDateTime(moment, 'en', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(english).toBe('23 Nov 2026');
    expect(formatDateTime(moment, 'hi', { dateStyle: 'medium', timeZone: 'UTC' })).toMatch(/^23 नव/);
  });

  it('say the time in Hindi without a Latin am/pm: the 24-hour clock; English keeps am/pm', () => {
    const afternoon = '2026-11-23T14:35:00Z';
    expect(formatDateTime(afternoon, 'en', { timeZone: 'UTC' })).toBe('23 Nov 2026, 2:35 pm');
    expect(formatDateTime(afternoon, 'hi', { timeZone: 'UTC' })).toBe('23 नव॰ 2026, 14:35');
    expect(formatDateTime(moment, 'hi', { timeStyle: 'short', timeZone: 'UTC' })).toBe('09:05');
    // A date alone (a day, no time) is that day wherever the browser is.
    expect(formatDate('2026-11-28', 'en')).toBe('28 Nov 2026');
    expect(formatDate(moment, 'hi', { timeZone: 'UTC' })).toBe('23 नव॰ 2026');
  });

  it('go through the one helper: no screen or mail formats them itself or uses react-admin’s own DateField or NumberField', () => {
    const offenders = sources('src')
      .filter(({ path }) => path !== join('src', 'domain', 'format.ts') && path !== join('src', 'resources', 'shared', 'fields.tsx'))
      .flatMap(({ path, text }) => {
        const found: string[] = [];
        if (/\.toLocale(Date|Time)?String\(/.test(text)) found.push(`${path}: toLocaleString`);
        if (/new Intl\.(NumberFormat|DateTimeFormat)\(/.test(text)) found.push(`${path}: Intl format`);
        const raImport = text.match(/import \{([^}]*)\} from 'react-admin'/)?.[1] ?? '';
        if (/\b(DateField|NumberField)\b/.test(raImport)) found.push(`${path}: DateField/NumberField from react-admin`);
        return found;
      });
    // The server's mails and the careers pages write dates through it too (its English sentences may print plain numbers).
    const mailing = sources('server')
      .filter(({ text }) => /\.toLocale(Date|Time)String\(|new Intl\.DateTimeFormat\(/.test(text))
      .map(({ path }) => `${path}: dates formatted by hand`);
    expect([...offenders, ...mailing]).toEqual([]);
  });
});

describe('labels of the libraries underneath, in Hindi', () => {
  it('the rich-text toolbar names its buttons through the i18n provider', async () => {
    renderPage(
      <Form>
        <ContentEditor source="text" label="Text" />
      </Form>,
      { locale: 'hi' },
    );
    for (const name of ['बोल्ड', 'इटैलिक', 'रेखांकित', 'स्ट्राइकथ्रू', 'कोड', 'बुलेट सूची', 'क्रमांकित सूची', 'लिंक जोड़ें', 'चित्र', 'उद्धरण', 'फ़ॉर्मैटिंग हटाएँ'])
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bold' })).toBeNull();
  });

  it('MUI’s own words: the page navigation of a list', async () => {
    const records = { locations: Array.from({ length: 12 }, (_, i) => ({ id: `l-${i}`, name: `Location ${String(i).padStart(2, '0')}`, clientId: null, createdAt: '2026-11-01T10:00:00Z' })) };
    renderResource(<LocationList />, { resource: 'locations', records, locale: 'hi' });
    expect(await screen.findByRole('navigation', { name: 'पेज नेविगेशन' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पेज 2 पर जाएँ' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'pagination navigation' })).toBeNull();
  });

  it('an autocomplete says Open and Clear in Hindi', async () => {
    renderPage(<Autocomplete options={['Pune', 'Delhi']} value="Pune" renderInput={(params) => <MuiTextField {...params} label="City" />} />, { locale: 'hi' });
    expect(await screen.findByRole('button', { name: 'खोलें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'साफ़ करें' })).toBeTruthy();
  });
});

describe('language names', () => {
  it('are in the interface language, with the stored name for codes Intl does not know', () => {
    expect(['en', 'hi', 'bn'].map((code) => languageName(code, 'en'))).toEqual(['English', 'Hindi', 'Bangla']);
    expect(['en', 'hi', 'bn'].map((code) => languageName(code, 'hi'))).toEqual(['अंग्रेज़ी', 'हिन्दी', 'बंगाली']);
    expect(languageName('zz', 'hi', 'Zedish')).toBe('Zedish');
    expect(languageName('not a code', 'en', 'Custom')).toBe('Custom');
    expect(languageName('zz', 'en')).toBe('zz');
  });
});

describe('server messages', () => {
  const translateIn = (locale: 'en' | 'hi') => createI18nProvider(locale).translate;

  it('a known server sentence passed to translate (as react-admin’s toasts do) shows in Hindi; an unknown one as sent', () => {
    const t = translateIn('hi');
    expect(t('Invalid username or password')).toBe('अमान्य यूज़रनेम या पासवर्ड');
    expect(t('The current password is wrong.', { _: 'The current password is wrong.' })).toBe('वर्तमान पासवर्ड गलत है।');
    expect(t('Something nobody translated.')).toBe('Something nobody translated.');
    expect(translateIn('en')('Too many attempts. Try again in 1 second.')).toBe('Too many attempts. Try again in 1 second.');
    // Keys are untouched, those with a space in their last segment too.
    expect(t('app.nav.dashboard')).toBe('डैशबोर्ड');
    expect(t('app.enums.entity.TEAM MEMBERS')).toBe('टीम सदस्य');
    expect(translateIn('en')('app.enums.entity.SALES PERSONS')).toBe('Sales Person');
  });

  it('every fixed message the server sends has its Hindi text', () => {
    // A literal as the message, either side of a ternary as the message, or a default message; or a request check's message by its code.
    const thrower = /\b(?:badRequest|notFound|conflict|forbidden|unauthorized)\(\s*'([^']+)'|new HttpError\(\s*\d+\s*,\s*'([^']+)'|\(msg = '([^']+)'\)/g;
    const ternary = /\b(?:badRequest|notFound|conflict|forbidden|unauthorized|HttpError)\((?:\s*\d+\s*,)?[^;'`]*\?\s*'([^']+)'\s*:\s*'([^']+)'/g;
    const byCode = /\bFIELD_MESSAGES\.(\w+)/g;
    const messages = new Set(
      sources('server').flatMap(({ text }) => [
        ...[...text.matchAll(thrower)].map((m) => m[1] ?? m[2] ?? m[3]),
        ...[...text.matchAll(ternary)].flatMap((m) => [m[1], m[2]]),
        ...[...text.matchAll(byCode)].map((m) => FIELD_MESSAGES[m[1] as keyof typeof FIELD_MESSAGES]),
      ]),
    );
    expect(messages).toContain('Your session has expired. Please sign in again.');
    expect(messages.size).toBeGreaterThan(50);
    const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], hi);
    const untranslated = [...messages].filter((message) => typeof lookup(messageKey(message).key) !== 'string');
    expect(untranslated).toEqual([]);
  });
});

describe('one name for one thing', () => {
  // The navigation item that opens each permission entity's area.
  const AREA: Record<string, string> = {
    DASHBOARD: 'dashboard',
    CANDIDATES: 'participants',
    CLIENTS: 'clients',
    LICENCES: 'licence',
    ORDERS: 'orders',
    ASSESSMENT: 'assessments',
    CAMPAIGN: 'campaign',
    'RELATIONSHIP MANAGERS': 'relationshipManager',
    'SALES PERSONS': 'salesPerson',
    'TEAM MEMBERS': 'teamMembers',
    AUTHORS: 'authors',
    CATEGORIES: 'categories',
    COMPETENCIES: 'competencies',
    INDUSTRIES: 'industries',
    LANGUAGES: 'languages',
    ROLES: 'roles',
    VERTICAL: 'vertical',
  };

  it.each([
    ['en', en],
    ['hi', hi],
  ] as const)('the role matrix names each area as the navigation does (%s)', (_, messages) => {
    const app = messages.app as unknown as { nav: Record<string, string>; enums: { entity: Record<string, string> } };
    const differ = Object.entries(AREA).filter(([entity, nav]) => app.enums.entity[entity] !== app.nav[nav]);
    expect(differ.map(([entity, nav]) => `${entity}: ${app.enums.entity[entity]} ≠ ${app.nav[nav]}`)).toEqual([]);
  });

  it('a count of one takes the singular', () => {
    expect(createI18nProvider('en').translate('app.questions.testCases', { smart_count: 1 })).toBe('1 test case');
    expect(createI18nProvider('en').translate('app.questions.testCases', { smart_count: 3 })).toBe('3 test cases');
  });

  it('a record’s page title reads "Role: Recruiter", as "Competencies: Teamwork" does', () => {
    expect(createI18nProvider('en').translate('ra.page.edit', { name: 'Role', recordRepresentation: 'Recruiter' })).toBe('Role: Recruiter');
    expect(createI18nProvider('hi').translate('ra.page.show', { name: 'भूमिका', recordRepresentation: 'Recruiter' })).toBe('भूमिका: Recruiter');
  });
});

describe('content language pickers', () => {
  it('name the languages in the interface language (question bank filter, test preview, question page)', async () => {
    mockApi(({ url }) =>
      url === '/api/question/language'
        ? { status: 200, data: { result: 1, data: [{ _id: 'hi', label: 'Hindi' }, { _id: 'bn', label: 'Bangla' }, { _id: 'zz', label: 'Zedish' }] } }
        : undefined,
    );
    const Names = () => <p data-testid="names">{useContentLanguageChoices().choices.map((c) => c.name).join(', ')}</p>;
    renderPage(<Names />, { locale: 'hi' });
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('हिन्दी, बंगाली, Zedish'));
  });
});

describe('the Languages list', () => {
  const records = {
    languages: [
      { id: 'l1', code: 'en', label: 'English', iconName: 'gb', isActive: true, createdAt: '2026-11-01T00:00:00Z' },
      { id: 'l2', code: 'hi', label: 'Hindi', iconName: 'in', isActive: true, createdAt: '2026-11-02T00:00:00Z' },
      { id: 'l3', code: 'xx', label: 'Custom tongue', iconName: null, isActive: false, createdAt: '2026-11-03T00:00:00Z' },
    ],
  };

  it('shows each language’s icon and name, not raw codes', async () => {
    renderResource(<LanguageList />, { resource: 'languages', records });
    const table = await screen.findByRole('table');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(cells).toEqual(['ENEnglish', 'HIHindi', 'XXCustom tongue']);
    expect(within(table).queryByText('gb')).toBeNull();
  });

  it('names them in the Hindi interface, with the stored name beside', async () => {
    renderResource(<LanguageList />, { resource: 'languages', records, locale: 'hi' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('हिन्दी')).toBeTruthy();
    expect(within(table).getByText('(Hindi)')).toBeTruthy();
    expect(within(table).getByText('Custom tongue')).toBeTruthy();
  });
});

describe('the error screen', () => {
  it('an unknown address keeps the specification’s heading and says the page does not exist', async () => {
    renderPage(<NotFoundScreen />, { path: '/no-such-page' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('This page does not exist');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('in Hindi, heading included', async () => {
    renderPage(<NotFoundScreen />, { path: '/no-such-page', locale: 'hi' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('अनपेक्षित एप्लिकेशन त्रुटि!');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('यह पेज मौजूद नहीं है');
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toBeTruthy();
  });

  it('a screen that fails says so, differently, and offers to try again', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const error = console.error;
    console.error = () => undefined;
    try {
      renderPage(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      );
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Unexpected Application Error!');
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('This screen stopped working');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.getByText('boom')).toBeTruthy();
    } finally {
      console.error = error;
    }
  });
});
