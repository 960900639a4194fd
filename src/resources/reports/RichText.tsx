import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * Rich text from the editor (question texts, band texts) as stored. The server sanitised it with
 * the editor's allow-list when it was saved (server/lib/sanitize.ts), as every screen that shows
 * stored rich text relies on; here it is only laid out.
 */
export function RichText({ html, lang, sx }: { html: string; lang?: string | null; sx?: SxProps<Theme> }) {
  return (
    <Box
      lang={lang ?? undefined}
      className="report-rich-text"
      sx={[{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' }, '& p': { my: 0.5 }, '& > :first-of-type': { mt: 0 }, '& > :last-child': { mb: 0 } }, ...(Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
