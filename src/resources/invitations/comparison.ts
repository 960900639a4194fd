/**
 * The candidates of an assessment by their stored scores (server/modules/candidates/comparison.ts):
 * what the list rows, the export, the score columns and the comparison answer, their addresses, and
 * the CSV made from an export. No React here.
 */
import type { z } from 'zod';
import type { RatingBand } from '../../domain/content';
import type { IntegrityLevel } from '../../domain/scoring';
import type { comparedSkillSchema, comparisonSchema, exportRowSchema, namedSkillSchema, namedTestSchema, participantRowSchema, scoreColumnsSchema, testScoreCellSchema } from '../../domain/invitationAnswers';

/** How many candidates the comparison shows at once (the server refuses others with the same figures). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
export const canCompare = (count: number) => count >= COMPARE_MIN && count <= COMPARE_MAX;

export type TestScoreCell = z.input<typeof testScoreCellSchema>;

/** A row of GET /api/invitations: the invitation with its stored score (all null until scored). */
export type ScoredInvitationRow = z.input<typeof participantRowSchema>;

/** A row of GET /api/invitations/export. */
export type ExportRow = z.input<typeof exportRowSchema>;

export type NamedTest = z.input<typeof namedTestSchema>;
export type NamedSkill = z.input<typeof namedSkillSchema>;

/** GET /api/assessments/:id/score-columns */
export type ScoreColumns = z.input<typeof scoreColumnsSchema>;

export type ComparedSkill = z.input<typeof comparedSkillSchema>;

/** GET /api/assessments/:id/comparison?ids= */
export type Comparison = z.input<typeof comparisonSchema>;

/** The query parameter that opens the comparison over the list: `?compare=a,b`. */
export const COMPARE_PARAM = 'compare';
/** The ids of `?compare=`, or none. */
export const compareIdsOf = (search: URLSearchParams): string[] => (search.get(COMPARE_PARAM) ?? '').split(',').filter(Boolean);

/** The skill band filter's value, "High in Problem Solving": `<skill id>:<band>`. */
export const skillBandValue = (skillId: string, band: RatingBand) => `${skillId}:${band}`;

type Cell = string | number | null;

/** The words a CSV needs, in the reader's language. */
export interface CsvWords {
  header: { name: string; email: string; status: string; invited: string; completed: string; score: string; band: string; integrity: string; percentile: string; final: string };
  testScore: (test: string) => string;
  testBand: (test: string) => string;
  status: (row: ExportRow) => string;
  band: (band: RatingBand) => string;
  integrity: (level: IntegrityLevel) => string;
  yes: string;
  no: string;
}

/** `2026-11-20 15:30`, in the reader's time zone: a spreadsheet reads it as a date. */
export function csvDateTime(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The CSV's rows: a header, then one row per candidate; scores as plain numbers so that a spreadsheet can sort them. */
export function exportCsvRows(rows: readonly ExportRow[], tests: readonly NamedTest[], words: CsvWords): Cell[][] {
  const h = words.header;
  const header: Cell[] = [h.name, h.email, h.status, h.invited, h.completed, h.score, h.band, ...tests.flatMap((t) => [words.testScore(t.name), words.testBand(t.name)]), h.integrity, h.percentile, h.final];
  return [
    header,
    ...rows.map((row): Cell[] => {
      const byTest = new Map(row.testScores.map((cell) => [cell.testId, cell]));
      return [
        row.candidateName,
        row.candidateEmail,
        words.status(row),
        csvDateTime(row.invitedAt),
        csvDateTime(row.completedAt),
        row.percent,
        row.band ? words.band(row.band) : '',
        ...tests.flatMap((t) => {
          const cell = byTest.get(t.id);
          return [cell?.percent ?? null, cell?.band ? words.band(cell.band) : ''];
        }),
        row.integrity ? words.integrity(row.integrity) : '',
        row.percentile,
        row.complete === null ? '' : row.complete ? words.yes : words.no,
      ];
    }),
  ];
}
