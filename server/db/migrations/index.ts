/** Migrations in order of their dated names; a landed migration is never edited. */
import type { Migration } from 'kysely/migration';
import * as foundation from './2026-11-21T00-00_foundation';

export const migrations: Record<string, Migration> = {
  '2026-11-21T00-00_foundation': foundation,
};
