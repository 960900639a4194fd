/**
 * Ending sessions before their access tokens expire. Each user's session version lives here (no
 * foreign key: a deleted user's row stays, so its tokens stay refused). Access tokens carry the
 * version they were signed with; every server instance polls rows revoked since its last poll.
 *
 * Triggers bump the version on every change that must end sessions, whichever code makes it:
 * password, active flag, role, membership, client, job role or email of a user; a user deleted
 * (version set to the maximum); the permissions of a job role (all its holders). Sign-out calls
 * revoke_sessions(user) itself.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_revocations')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('session_revocations_revoked_idx').on('session_revocations').column('revoked_at').execute();

  // The maximum version refuses every token for good (a deleted account).
  await sql`
    create function revoke_sessions(target uuid, final boolean default false) returns void language sql as $$
      insert into session_revocations (user_id, version, revoked_at)
      values (target, case when final then 2147483647 else 1 end, now())
      on conflict (user_id) do update
        set version = case when final then 2147483647 else least(session_revocations.version, 2147483646) + 1 end,
            revoked_at = now()
    $$`.execute(db);

  await sql`
    create function users_revoke_sessions() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform revoke_sessions(old.id, true);
        return old;
      end if;
      perform revoke_sessions(new.id);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger users_revoke_sessions_on_change after update on users for each row
    when (old.password_hash is distinct from new.password_hash
       or old.is_active is distinct from new.is_active
       or old.role is distinct from new.role
       or old.membership_type is distinct from new.membership_type
       or old.client_id is distinct from new.client_id
       or old.position is distinct from new.position
       or lower(old.email) is distinct from lower(new.email))
    execute function users_revoke_sessions()`.execute(db);
  await sql`
    create trigger users_revoke_sessions_on_delete after delete on users for each row
    execute function users_revoke_sessions()`.execute(db);

  await sql`
    create function job_roles_revoke_sessions() returns trigger language plpgsql as $$
    begin
      perform revoke_sessions(u.id) from users u where u.position = new.id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger job_roles_revoke_sessions_on_change after update on job_roles for each row
    when (old.permissions is distinct from new.permissions)
    execute function job_roles_revoke_sessions()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists job_roles_revoke_sessions_on_change on job_roles`.execute(db);
  await sql`drop trigger if exists users_revoke_sessions_on_delete on users`.execute(db);
  await sql`drop trigger if exists users_revoke_sessions_on_change on users`.execute(db);
  await sql`drop function if exists job_roles_revoke_sessions()`.execute(db);
  await sql`drop function if exists users_revoke_sessions()`.execute(db);
  await sql`drop function if exists revoke_sessions(uuid, boolean)`.execute(db);
  await db.schema.dropTable('session_revocations').ifExists().execute();
}
