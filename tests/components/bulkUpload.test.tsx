/**
 * The bulk-upload dialog: the template fetched with the token and saved, files checked before
 * sending, the upload's progress, and the server's report with each bad row.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosProgressEvent, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BULK_MAX_BYTES, type UploadReport } from '../../src/domain/bulkUpload';
import { api } from '../../src/providers/httpClient';
import { BulkUploadButton } from '../../src/resources/questions/BulkUpload';
import { apiRequests, mockApi, renderPage } from './kit';

const REPORT: UploadReport = {
  uploadId: 'u-1',
  fileName: 'questions.csv',
  totalRows: 5,
  imported: 2,
  duplicates: 1,
  failed: 2,
  errors: [
    { row: 3, column: 'title', message: 'Title is required' },
    { row: 3, column: 'answer2_points', message: 'Answer points must be 0.1 to 10 in steps of 0.1' },
    { row: 6, column: 'primarySkill', message: 'No primary skill is called "Teamwrk".' },
  ],
  errorsTruncated: false,
  duplicateRows: [4],
};

const csvFile = (name = 'questions.csv', content = 'category,title\nCOMPETENCY,Shares credit\n') => new File([content], name, { type: 'text/csv' });

/** Downloads end in a click on a link to an object URL: record them instead of navigating. */
const downloads: { name: string; href: string }[] = [];
const saved: Blob[] = [];
beforeEach(() => {
  downloads.length = 0;
  saved.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return `blob:test/${saved.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
});
afterEach(() => vi.restoreAllMocks());

async function openDialog() {
  renderPage(<BulkUploadButton />);
  fireEvent.click(await screen.findByRole('button', { name: 'Bulk upload' }));
  return screen.findByRole('dialog', { name: 'Bulk upload of questions' });
}

const fileInput = () => screen.getByLabelText('Choose a file') as HTMLInputElement;
const choose = (file: File, input = fileInput()) => fireEvent.change(input, { target: { files: [file] } });
const uploadButton = () => screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;

/** An upload the test moves step by step: half sent, all sent, then the server's answer. */
function steppedServer(answer: { status: number; data: unknown }) {
  const requests: InternalAxiosRequestConfig[] = [];
  const gates: (() => void)[] = [];
  const gate = () => new Promise<void>((resolve) => gates.push(resolve));
  const progress = (config: InternalAxiosRequestConfig, loaded: number, total: number) =>
    config.onUploadProgress?.({ loaded, total, bytes: loaded, lengthComputable: true } as AxiosProgressEvent);
  api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    requests.push(config);
    progress(config, 512, 1024);
    await gate();
    progress(config, 1024, 1024);
    await gate();
    const response = { data: answer.data, status: answer.status, statusText: '', headers: new AxiosHeaders(), config };
    if (answer.status === 200) return response;
    const { AxiosError } = await import('axios');
    throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  return {
    requests,
    /** Lets the upload go on to its next step. */
    next: async () => {
      await waitFor(() => expect(gates.length).toBeGreaterThan(0));
      await act(async () => gates.shift()!());
    },
  };
}

describe('bulk upload dialog', () => {
  it('uploads the chosen file with a progress bar, then shows the report and each bad row', async () => {
    const server = steppedServer({ status: 200, data: { result: 1, data: REPORT } });
    const dialog = await openDialog();
    const file = csvFile();
    choose(file);
    expect(await within(dialog).findByText('questions.csv (0.00 MB)')).toBeTruthy();
    fireEvent.click(uploadButton());

    // Half the bytes out: a determinate bar at 50 %.
    expect(await within(dialog).findByText('Uploading… 50%')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50');
    expect(uploadButton().disabled).toBe(true);
    const [sent] = server.requests;
    expect(sent.method).toBe('post');
    expect(sent.url).toBe('/api/questions/bulk-upload?fileName=questions.csv');
    expect(sent.data).toBe(file);
    expect(AxiosHeaders.from(sent.headers).get('Content-Type')).toBe('text/csv');

    // Every byte out: the server checks the rows (no value to show).
    await server.next();
    const checking = await within(dialog).findByRole('progressbar', { name: 'Checking the rows' });
    expect(checking.getAttribute('aria-valuenow')).toBeNull();
    expect(within(dialog).queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();

    await server.next();
    expect(await within(dialog).findByText('Report of questions.csv')).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByTestId('bulk-imported').textContent).toBe('2Questions imported');
    expect(within(dialog).getByTestId('bulk-duplicates').textContent).toBe('1Duplicates skipped');
    expect(within(dialog).getByTestId('bulk-failed').textContent).toBe('2Rows with errors');
    expect(within(dialog).getByText('Skipped as a duplicate: row 4.')).toBeTruthy();

    const table = within(dialog).getByRole('table', { name: 'Rows with errors' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(within(header).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Row', 'Column', 'Problem']);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['3', 'title', 'Title is required'],
      ['3', 'answer2_points', 'Answer points must be 0.1 to 10 in steps of 0.1'],
      ['6', 'primarySkill', 'No primary skill is called "Teamwrk".'],
    ]);

    // The bad rows as CSV.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download the bad rows (CSV)' }));
    expect(downloads).toEqual([{ name: 'questions-bad-rows.csv', href: 'blob:test/1' }]);
    // A byte order mark first, so that Excel reads it as UTF-8.
    const bytes = new Uint8Array(await saved[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')).toEqual(['row,column,message', '3,title,Title is required', '3,answer2_points,Answer points must be 0.1 to 10 in steps of 0.1', '6,primarySkill,"No primary skill is called ""Teamwrk""."', '']);
  });

  it('refuses a file that is not CSV or XLSX, or too large, before sending anything', async () => {
    const dialog = await openDialog();
    choose(new File(['%PDF-1.4'], 'questions.pdf', { type: 'application/pdf' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('“questions.pdf” is not a CSV or Excel file. Choose a .csv or .xlsx file.');
    expect(uploadButton().disabled).toBe(true);

    const huge = csvFile('big.xlsx');
    Object.defineProperty(huge, 'size', { value: BULK_MAX_BYTES + 1 });
    choose(huge);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The file is 20.0 MB; at most 20.0 MB can be uploaded at once. Split it into smaller files.');
    expect(uploadButton().disabled).toBe(true);
    expect(apiRequests).toEqual([]);

    // A good file clears the message and may be sent.
    choose(csvFile('fixed.CSV'));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(uploadButton().disabled).toBe(false);
  });

  it('shows the server\'s message when it refuses the file', async () => {
    mockApi(({ method }) => (method === 'POST' ? { status: 400, data: { result: 0, msg: 'The file has a header row but no questions under it.' } } : undefined));
    const dialog = await openDialog();
    choose(csvFile());
    fireEvent.click(uploadButton());
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The file has a header row but no questions under it.');
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(uploadButton().disabled).toBe(false);
  });

  it('downloads the template in the chosen format through the API client', async () => {
    mockApi(({ url }) => (url.startsWith('/api/questions/bulk-upload/template') ? { status: 200, data: new Blob(['category,title']) } : undefined));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excel template (.xlsx)' }));
    await waitFor(() => expect(downloads).toEqual([{ name: 'question-bulk-upload-template.xlsx', href: 'blob:test/1' }]));
    // Both buttons wait while a template downloads, as a person sees them.
    const csv = within(dialog).getByRole('button', { name: 'CSV template' }) as HTMLButtonElement;
    await waitFor(() => expect(csv.disabled).toBe(false));
    fireEvent.click(csv);
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1].name).toBe('question-bulk-upload-template.csv');
    expect(apiRequests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/questions/bulk-upload/template?format=xlsx',
      'GET /api/questions/bulk-upload/template?format=csv',
    ]);
  });

  it('speaks Hindi', async () => {
    renderPage(<BulkUploadButton />, { locale: 'hi' });
    fireEvent.click(await screen.findByRole('button', { name: 'बल्क अपलोड' }));
    const dialog = await screen.findByRole('dialog', { name: 'प्रश्नों का बल्क अपलोड' });
    choose(new File(['x'], 'notes.txt'), within(dialog).getByLabelText('फ़ाइल चुनें') as HTMLInputElement);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('“notes.txt” CSV या Excel फ़ाइल नहीं है। .csv या .xlsx फ़ाइल चुनें।');
  });
});
