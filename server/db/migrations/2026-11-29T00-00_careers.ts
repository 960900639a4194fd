/**
 * Careers pages (ARCHITECTURE 7d): each client's URL slug (filled from its name for existing and new
 * clients by one trigger, kept unique), a job's screening questions, and what an application from
 * the careers page adds to a card on the job's board: where it came from, the résumé, the screening
 * answers, the page's language, and why no invitation went out (no credits left). An application is
 * a card (job_candidates), so it is erased with the candidate and taken off with the card.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // 'Acme Industries' → 'acme-industries'; a name without Latin letters or digits → 'company'.
  await sql`create function client_slug_from(name text) returns text language sql immutable as $$
    select case when length(s) < 2 then 'company' else s end
    from (select rtrim(left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 40), '-') as s) base $$`.execute(db);
  // A client saved without a slug gets its name's, numbered past the ones taken ('acme-2').
  await sql`create function clients_fill_slug() returns trigger language plpgsql as $$
    declare
      base text := client_slug_from(new.name);
      candidate text := base;
      n integer := 1;
    begin
      if new.slug is not null then return new; end if;
      while exists (select 1 from clients where slug = candidate) loop
        n := n + 1;
        candidate := rtrim(left(base, 34), '-') || '-' || n;
      end loop;
      new.slug := candidate;
      return new;
    end $$`.execute(db);

  await db.schema.alterTable('clients').addColumn('slug', 'text').execute();
  // Existing clients, oldest first, so the first of two namesakes keeps the plain slug.
  await sql`update clients set slug = null`.execute(db);
  const rows = await sql<{ id: string; name: string }>`select id, name from clients order by created_at, id`.execute(db);
  for (const row of rows.rows) {
    await sql`update clients set slug = (
      select case when not exists (select 1 from clients where slug = b.s) then b.s
        else (select rtrim(left(b.s, 34), '-') || '-' || n from generate_series(2, 100000) n
              where not exists (select 1 from clients where slug = rtrim(left(b.s, 34), '-') || '-' || n) limit 1) end
      from (select client_slug_from(${row.name}) as s) b) where id = ${row.id}`.execute(db);
  }
  await sql`alter table clients alter column slug set not null`.execute(db);
  await sql`alter table clients add constraint clients_slug_key unique (slug)`.execute(db);
  await sql`create trigger clients_fill_slug before insert on clients for each row execute function clients_fill_slug()`.execute(db);

  // [{id, text: [{language, text}], kind: 'YES_NO' | 'SHORT_TEXT', required}], at most 5 (src/domain/careers.ts).
  await db.schema.alterTable('jobs').addColumn('screening_questions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();

  await db.schema
    .alterTable('job_candidates')
    // 'BOARD': added or invited by the client's users; 'CAREERS': applied on the careers page.
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('BOARD'))
    .addColumn('resume_file_id', 'uuid', (c) => c.references('stored_files.id').onDelete('set null'))
    // [{questionId, text: [{language, text}], kind, answer}]: the question as it was asked, and the answer.
    .addColumn('screening_answers', 'jsonb')
    .addColumn('application_language', 'text')
    // Why an applicant got no invitation to the job's assessment: 'NO_CREDITS'.
    .addColumn('invitation_note', 'text')
    .execute();
  await sql`alter table job_candidates add constraint job_candidates_source_check check (source in ('BOARD', 'CAREERS'))`.execute(db);
  await db.schema.createIndex('job_candidates_resume_idx').on('job_candidates').column('resume_file_id').where(sql.ref('resume_file_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_candidates_resume_idx').execute();
  await db.schema
    .alterTable('job_candidates')
    .dropConstraint('job_candidates_source_check')
    .execute();
  for (const column of ['source', 'resume_file_id', 'screening_answers', 'application_language', 'invitation_note'])
    await db.schema.alterTable('job_candidates').dropColumn(column).execute();
  await db.schema.alterTable('jobs').dropColumn('screening_questions').execute();
  await sql`drop trigger clients_fill_slug on clients`.execute(db);
  await db.schema.alterTable('clients').dropColumn('slug').execute();
  await sql`drop function clients_fill_slug()`.execute(db);
  await sql`drop function client_slug_from(text)`.execute(db);
}
