/**
 * Bulk upload of questions from the question list: download the template (CSV or XLSX), choose a
 * file, watch it upload, then read the report (imported, duplicates, each bad row's problems).
 */
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button, useRefresh, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { BULK_MAX_BYTES, BULK_MAX_ROWS, XLSX_TYPE, type UploadReport } from '../../domain/bulkUpload';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { csvText, saveBlob } from '../shared/csv';

const FORMATS = ['csv', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];
const ERRORS_PER_PAGE = 10;

type Phase = { step: 'choose' } | { step: 'uploading'; percent: number } | { step: 'checking' } | { step: 'done'; report: UploadReport };

export function BulkUploadButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.bulkUpload.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      {open && <BulkUploadDialog onClose={() => setOpen(false)} />}
    </>
  );
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The English problem with a file, before anything is sent (translated by key). */
function fileProblem(file: File): { key: string; values?: Record<string, unknown> } | null {
  if (!(FORMATS as readonly string[]).includes(extensionOf(file.name))) return { key: 'app.bulkUpload.wrongType', values: { name: file.name } };
  if (file.size > BULK_MAX_BYTES) return { key: 'app.bulkUpload.tooLarge', values: { size: megabytes(file.size), max: megabytes(BULK_MAX_BYTES) } };
  if (file.size === 0) return { key: 'app.bulkUpload.emptyFile' };
  return null;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/** The report's bad rows as CSV (row, column, message). */
const badRowsCsv = (errors: UploadReport['errors'], header: [string, string, string]) => csvText([header, ...errors.map((e) => [e.row, e.column, e.message] as const)]);

function BulkUploadDialog({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const { number } = useFormat();
  const refresh = useRefresh();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<Format | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useRef<AbortController | null>(null);

  // Closing the dialog mid-upload stops sending the file.
  useEffect(() => () => upload.current?.abort(), []);

  const busy = phase.step === 'uploading' || phase.step === 'checking';

  async function downloadTemplate(format: Format) {
    setDownloading(format);
    setError(null);
    try {
      saveBlob(await api.getQuestionTemplate(format), `question-bulk-upload-template.${format}`);
    } catch (e) {
      setError(translateMessage(translate, (e as Error).message));
    } finally {
      setDownloading(null);
    }
  }

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setFile(problem ? null : chosen);
    setError(problem ? translate(problem.key, problem.values) : null);
  }

  async function send() {
    if (!file) return;
    const controller = new AbortController();
    upload.current = controller;
    setError(null);
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const report = await api.uploadQuestions(file, controller.signal, (event) => {
        const total = event.total || file.size;
        const sent = Math.min(event.loaded, total);
        // Once the last byte is out, the server reads and checks every row.
        setPhase(sent >= total ? { step: 'checking' } : { step: 'uploading', percent: Math.round((sent / total) * 100) });
      });
      setPhase({ step: 'done', report });
      if (report.imported > 0) refresh();
    } catch (e) {
      if (controller.signal.aborted) return;
      setPhase({ step: 'choose' });
      setError(translateMessage(translate, (e as Error).message));
    } finally {
      upload.current = null;
    }
  }

  function cancel() {
    upload.current?.abort();
    setPhase({ step: 'choose' });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="bulk-upload-title">
      <DialogTitle id="bulk-upload-title">{translate('app.bulkUpload.title')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        {phase.step === 'done' ? (
          <UploadReportView report={phase.report} />
        ) : (
          <Stack spacing={3}>
            <Box component="section" aria-labelledby="bulk-upload-template">
              <Typography id="bulk-upload-template" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {translate('app.bulkUpload.templateTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('app.bulkUpload.templateHelp')}
              </Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                {FORMATS.map((format) => (
                  <MuiButton
                    key={format}
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    disabled={busy || downloading !== null}
                    onClick={() => downloadTemplate(format)}
                  >
                    {translate(`app.bulkUpload.template_${format}`)}
                  </MuiButton>
                ))}
              </Stack>
            </Box>
            <Box component="section" aria-labelledby="bulk-upload-file">
              <Typography id="bulk-upload-file" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {translate('app.bulkUpload.fileTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('app.bulkUpload.fileHelp', { size: megabytes(BULK_MAX_BYTES), rows: number(BULK_MAX_ROWS) })}
              </Typography>
              <Paper
                variant="outlined"
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                sx={{
                  p: 2,
                  borderStyle: 'dashed',
                  borderWidth: 2,
                  borderColor: dragging ? 'primary.main' : 'divider',
                  bgcolor: dragging ? 'action.hover' : undefined,
                  textAlign: 'center',
                }}
              >
                <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {file ? translate('app.bulkUpload.chosen', { name: file.name, size: megabytes(file.size) }) : translate('app.bulkUpload.dropHere')}
                </Typography>
                <MuiButton component="label" variant="text" disabled={busy}>
                  {translate(file ? 'app.bulkUpload.chooseAnother' : 'app.bulkUpload.choose')}
                  <input
                    hidden
                    type="file"
                    accept={`.csv,.xlsx,text/csv,${XLSX_TYPE}`}
                    onChange={(e) => {
                      choose(e.target.files?.[0]);
                      // Choosing the same file again after fixing it must fire change again.
                      e.target.value = '';
                    }}
                  />
                </MuiButton>
              </Paper>
            </Box>
            {phase.step === 'uploading' && (
              <Box>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {translate('app.bulkUpload.uploading', { percent: phase.percent })}
                </Typography>
                <LinearProgress variant="determinate" value={phase.percent} aria-label={translate('app.bulkUpload.uploadProgress')} />
              </Box>
            )}
            {phase.step === 'checking' && (
              <Box>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {translate('app.bulkUpload.checking')}
                </Typography>
                <LinearProgress aria-label={translate('app.bulkUpload.checkProgress')} />
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {phase.step === 'done' ? (
          <>
            <MuiButton
              onClick={() => {
                setFile(null);
                setError(null);
                setPhase({ step: 'choose' });
              }}
            >
              {translate('app.bulkUpload.another')}
            </MuiButton>
            <MuiButton variant="contained" onClick={onClose}>
              {translate('ra.action.close')}
            </MuiButton>
          </>
        ) : (
          <>
            {phase.step === 'uploading' ? (
              <MuiButton onClick={cancel}>{translate('ra.action.cancel')}</MuiButton>
            ) : (
              <MuiButton onClick={onClose} disabled={busy}>
                {translate('ra.action.close')}
              </MuiButton>
            )}
            <MuiButton variant="contained" startIcon={<UploadFileIcon />} disabled={!file || busy} onClick={send}>
              {translate('app.bulkUpload.upload')}
            </MuiButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function UploadReportView({ report }: { report: UploadReport }) {
  const translate = useTranslate();
  const { number } = useFormat();
  const [page, setPage] = useState(0);
  const figures: { key: string; value: number; color: string }[] = [
    { key: 'totalRows', value: report.totalRows, color: 'text.primary' },
    { key: 'imported', value: report.imported, color: report.imported ? 'success.main' : 'text.primary' },
    { key: 'duplicates', value: report.duplicates, color: report.duplicates ? 'info.main' : 'text.primary' },
    { key: 'failed', value: report.failed, color: report.failed ? 'error.main' : 'text.primary' },
  ];
  const shown = report.errors.slice(page * ERRORS_PER_PAGE, (page + 1) * ERRORS_PER_PAGE);
  const headers: [string, string, string] = [translate('app.bulkUpload.row'), translate('app.bulkUpload.column'), translate('app.bulkUpload.message')];

  function download() {
    const csv = badRowsCsv(report.errors, ['row', 'column', 'message']);
    const base = report.fileName.replace(/\.[^.]+$/, '') || 'questions';
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${base}-bad-rows.csv`);
  }

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {translate('app.bulkUpload.reportTitle', { name: report.fileName })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1 }}>
        {figures.map((f) => (
          <Paper key={f.key} variant="outlined" sx={{ p: 1.5 }} data-testid={`bulk-${f.key}`}>
            <Typography variant="h5" component="p" sx={{ color: f.color, fontWeight: 600 }}>
              {number(f.value)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`app.bulkUpload.${f.key}`)}
            </Typography>
          </Paper>
        ))}
      </Box>
      {report.failed === 0 && report.imported > 0 && <Alert severity="success">{translate('app.bulkUpload.allImported', { smart_count: report.imported, count: number(report.imported) })}</Alert>}
      {report.imported === 0 && report.failed === 0 && report.duplicates > 0 && <Alert severity="info">{translate('app.bulkUpload.nothingNew')}</Alert>}
      {report.duplicates > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.bulkUpload.duplicateRows', {
            rows: report.duplicateRows.slice(0, 20).join(', ') + (report.duplicateRows.length > 20 ? ' …' : ''),
            smart_count: report.duplicates,
          })}
        </Typography>
      )}
      {report.errors.length > 0 && (
        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <Typography variant="subtitle2" component="h4">
              {translate('app.bulkUpload.badRows')}
            </Typography>
            <MuiButton size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
              {translate('app.bulkUpload.downloadBadRows')}
            </MuiButton>
          </Stack>
          {report.errorsTruncated && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {translate('app.bulkUpload.truncated', { count: number(report.errors.length) })}
            </Alert>
          )}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={translate('app.bulkUpload.badRows')}>
              <TableHead>
                <TableRow>
                  {headers.map((h) => (
                    <TableCell key={h}>{h}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((e, i) => (
                  <TableRow key={`${page}-${i}`}>
                    <TableCell>{e.row}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>{e.column || translate('app.bulkUpload.wholeRow')}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{translateMessage(translate, e.message)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {report.errors.length > ERRORS_PER_PAGE && (
            <TablePagination
              component="div"
              count={report.errors.length}
              page={page}
              onPageChange={(_, p) => setPage(p)}
              rowsPerPage={ERRORS_PER_PAGE}
              rowsPerPageOptions={[ERRORS_PER_PAGE]}
              labelDisplayedRows={({ from, to, count }) => translate('app.bulkUpload.pageOf', { from, to, count })}
            />
          )}
        </Box>
      )}
    </Stack>
  );
}
