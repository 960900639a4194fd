/**
 * Synthetic users to bring the table to a realistic size. Deterministic (seeded), so every run
 * and both databases sort and page the same data.
 */
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Designation, MembershipType, Role } from '../src/domain/constants';
import type { DB } from '../server/db/index';
import type { UsersTable } from '../server/db/types';
import { seededRandom as random } from './harness';

const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Akash', 'Amara', 'Ananya', 'Arjun', 'Bhavna', 'Carlos', 'Chen', 'Deepa', 'Dev', 'Divya', 'Elena', 'Farhan',
  'Fatima', 'Gaurav', 'Hana', 'Harish', 'Ishaan', 'Isha', 'Jaya', 'Jonas', 'Kavya', 'Kiran', 'Lakshmi', 'Leila', 'Manish', 'Maya',
  'Mohan', 'Nadia', 'Neha', 'Nikhil', 'Olivia', 'Pooja', 'Priya', 'Rahul', 'Ravi', 'Rohan', 'Sanjay', 'Sara', 'Shreya', 'Sofia',
  'Tanvi', 'Tomás', 'Uday', 'Varun', 'Vidya', 'Wei', 'Yash', 'Zara',
];
const LAST_NAMES = [
  'Agarwal', 'Banerjee', 'Bose', 'Chatterjee', 'Das', 'Desai', 'Dubey', 'Fernandes', 'Ghosh', 'Gupta', 'Hegde', 'Iyer', 'Jain',
  'Joshi', 'Kapoor', 'Khan', 'Kulkarni', 'Kumar', 'Mehta', 'Menon', 'Mishra', 'Nair', 'Pandey', 'Patel', 'Pillai', 'Rao', 'Reddy',
  'Saxena', 'Sen', 'Shah', 'Sharma', 'Singh', 'Sinha', 'Srinivasan', 'Thomas', 'Trivedi', 'Varma', 'Verma', 'Yadav', 'Zhang',
];
const DOMAINS = ['example.com', 'mail.example.org', 'candidates.example.net', 'corp.example.in'];


interface Context {
  passwordHash: string | null;
  clientIds: string[];
}

/** One user; the mix leans on candidates (USER) like a real tenant list, with some staff and client accounts. */
function makeUser(n: number, rand: () => number, ctx: Context): Insertable<UsersTable> {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  const initial = String.fromCharCode(65 + Math.floor(rand() * 26));
  const roll = rand();
  let role: Role = 'USER';
  let membershipType: MembershipType | null = null;
  let designation: Designation | null = null;
  let clientId: string | null = null;
  if (roll < 0.08) role = 'CONTRIBUTOR';
  else if (roll < 0.1) role = 'MODERATOR';
  else if (roll < 0.18) {
    role = 'TEAM_MEMBER';
    membershipType = 'SKILLGAUGE_TEAM';
    designation = rand() < 0.3 ? pick(['SALES_PERSON', 'RELATIONSHIP_MANAGER'] as const) : null;
  } else if (roll < 0.24 && ctx.clientIds.length) {
    role = 'TEAM_MEMBER';
    membershipType = 'CLIENT_SPECIFIC_ROLE';
    clientId = pick(ctx.clientIds);
  } else if (roll < 0.26 && ctx.clientIds.length) {
    role = 'CLIENT';
    clientId = pick(ctx.clientIds);
  }
  const createdAt = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 700 * 86_400_000));
  return {
    name: `${first} ${initial}. ${last}`,
    // The running number keeps emails unique (users_email_key is on lower(email)).
    email: `${first.toLowerCase()}.${last.toLowerCase()}.${n}@${pick(DOMAINS)}`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    username: rand() < 0.3 ? `${first.toLowerCase()}${n}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : null,
    passwordHash: ctx.passwordHash,
    role,
    membershipType,
    designation,
    clientId,
    phone: rand() < 0.6 ? `+91 ${String(7_000_000_000 + Math.floor(rand() * 2_999_999_999))}` : null,
    isVerified: rand() < 0.9,
    isActive: rand() < 0.95,
    lastLoginAt: rand() < 0.7 ? new Date(createdAt.getTime() + Math.floor(rand() * 60 * 86_400_000)) : null,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Inserts users in multi-row batches until the table holds `target`. They all share the demo
 * admin's argon2 hash: hashing 10,000 passwords would cost minutes and measure nothing here.
 */
export async function fillUsers(db: DB, target: number, batchSize = 1000): Promise<number> {
  const admin = await db.selectFrom('users').select('passwordHash').where('email', '=', 'admin@skillgauge.demo').executeTakeFirst();
  const clients = await db.selectFrom('clients').select('id').execute();
  const ctx: Context = { passwordHash: admin?.passwordHash ?? null, clientIds: clients.map((c) => c.id) };

  const { count } = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rand = random(20261121);
  let total = Number(count);
  while (total < target) {
    const size = Math.min(batchSize, target - total);
    const rows = Array.from({ length: size }, (_, i) => makeUser(total + i + 1, rand, ctx));
    await db.insertInto('users').values(rows).execute();
    total += size;
  }
  // Fresh statistics, as autovacuum would have gathered on a live table, so plans are realistic.
  await sql`analyze users`.execute(db);
  return total;
}
