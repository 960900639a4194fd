/**
 * Demo clients (issue 11): Acme Industries and Globex Solutions with their full details, contacts
 * and a logo each (PNG images drawn here, stored by storeDemoLogos once the storage exists), and a
 * dozen more companies across industries and zones, some inactive, created over the last months.
 * After the assessments: a library assessment given to Acme with its own settings.
 */
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { LegalType, Zone } from '../../src/domain/business';
import { LocalStorage, type Storage } from '../lib/storage';
import type { Database } from '../db/types';

type Executor = Kysely<Database>;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Logos: a wordmark in a 5 × 7 pixel font on a coloured band, as an RGB PNG

const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  G: ['01111', '10000', '10000', '10011', '10001', '10001', '01111'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
};

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 180 × 50 logo: the word in block letters (scale 4) on a band of colour. */
export function wordmarkPng(word: string, background: Rgb, ink: Rgb): Buffer {
  const width = 180;
  const height = 50;
  const scale = 4;
  const pixels = Array.from({ length: height }, () => Array.from({ length: width }, () => background));
  const textWidth = word.length * 6 * scale - scale;
  const left = Math.max(0, Math.floor((width - textWidth) / 2));
  const top = Math.floor((height - 7 * scale) / 2);
  [...word].forEach((letter, index) => {
    const glyph = GLYPHS[letter] ?? GLYPHS.O;
    glyph.forEach((row, y) =>
      [...row].forEach((bit, x) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const px = left + (index * 6 + x) * scale + dx;
            if (px < width) pixels[top + y * scale + dy][px] = ink;
          }
      }),
    );
  });
  const raw = Buffer.concat(pixels.map((row) => Buffer.from([0, ...row.flat()])));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const DEMO_LOGOS = {
  acme: { key: 'uploads/demo/acme-logo.png', png: () => wordmarkPng('ACME', [12, 74, 110], [255, 255, 255]) },
  globex: { key: 'uploads/demo/globex-logo.png', png: () => wordmarkPng('GLOBEX', [255, 244, 214], [46, 125, 50]) },
} as const;

/**
 * Puts the demo logos into the storage (local disk), once: the seed runs before the storage exists.
 * With S3 storage the logos stay unset rather than faked (the app bar shows the product's logo).
 */
export async function storeDemoLogos(db: Executor, storage: Storage): Promise<void> {
  for (const logo of Object.values(DEMO_LOGOS)) {
    const file = await db.selectFrom('storedFiles').select(['id', 'storedBytes']).where('objectKey', '=', logo.key).executeTakeFirst();
    if (!file || file.storedBytes !== null) continue;
    if (!(storage instanceof LocalStorage)) {
      await db.updateTable('clients').set({ logoFileId: null }).where('logoFileId', '=', file.id).execute();
      continue;
    }
    const png = logo.png();
    try {
      await storage.write(logo.key, 'image/png', Readable.from([png]), png.length);
    } catch {
      // Already on disk (a data folder kept from an earlier run): only the row is behind.
    }
    await db.updateTable('storedFiles').set({ storedBytes: png.length, storedAt: new Date() }).where('id', '=', file.id).execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Companies

interface DemoClient {
  name: string;
  legalType: LegalType;
  industry: string;
  vertical?: string;
  zone: Zone;
  location?: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  gstin?: string;
  pan?: string;
  website?: string;
  phone?: string;
  email?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  lowCreditThreshold?: number;
  contacts?: { name: string; email: string; phone: string; designation: string }[];
  /** Days ago it became a client: the dashboards plot clients by month. */
  since: number;
}

const ACME: Omit<DemoClient, 'name' | 'since'> = {
  legalType: 'PRIVATE_LIMITED',
  industry: 'Manufacturing',
  vertical: 'Engineering',
  zone: 'WEST',
  location: 'Mumbai',
  address: 'Plot 14, MIDC Industrial Area, Chakan',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '410501',
  gstin: '27AABCA1234M1ZU',
  pan: 'AABCA1234M',
  website: 'https://acme.demo',
  phone: '+91 20 6712 4400',
  email: 'hr@acme.demo',
  lowCreditThreshold: 20,
  contacts: [
    { name: 'Neha Kulkarni', email: 'neha.kulkarni@acme.demo', phone: '+91 98220 14567', designation: 'Head of Talent Acquisition' },
    { name: 'Sanjay Deshmukh', email: 'sanjay.deshmukh@acme.demo', phone: '+91 98900 33211', designation: 'Plant HR Manager' },
    { name: 'Pooja Shinde', email: 'accounts@acme.demo', phone: '+91 20 6712 4410', designation: 'Accounts Payable' },
  ],
};

const GLOBEX: Omit<DemoClient, 'name' | 'since'> = {
  legalType: 'LIMITED',
  industry: 'IT Services',
  vertical: 'Engineering',
  zone: 'SOUTH',
  location: 'Bengaluru',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560103',
  gstin: '29AACCG5678K1ZZ',
  pan: 'AACCG5678K',
  website: 'https://globex.demo',
  phone: '+91 80 4567 8900',
  email: 'talent@globex.demo',
  contacts: [
    { name: 'Karthik Subramanian', email: 'karthik.s@globex.demo', phone: '+91 99860 12345', designation: 'Director, Engineering Hiring' },
    { name: 'Divya Rao', email: 'divya.rao@globex.demo', phone: '+91 97400 56789', designation: 'Talent Partner' },
  ],
};

const MORE_CLIENTS: DemoClient[] = [
  { name: 'Sahyadri Motors', legalType: 'LIMITED', industry: 'Manufacturing', zone: 'WEST', location: 'Mumbai', address: 'Bhosari MIDC, Block J', city: 'Pune', state: 'Maharashtra', postalCode: '411026', website: 'https://sahyadrimotors.example', phone: '+91 20 2712 9000', email: 'careers@sahyadrimotors.example', since: 170, contacts: [{ name: 'Rajesh Pawar', email: 'rajesh.pawar@sahyadrimotors.example', phone: '+91 98230 11122', designation: 'HR Business Partner' }] },
  { name: 'Ganga Finserv', legalType: 'PRIVATE_LIMITED', industry: 'Banking & Finance', vertical: 'Sales', zone: 'NORTH', location: 'New Delhi', address: 'Tower B, Connaught Place', city: 'New Delhi', state: 'Delhi', postalCode: '110001', email: 'hr@gangafinserv.example', since: 150, contacts: [{ name: 'Anil Mehra', email: 'anil.mehra@gangafinserv.example', phone: '+91 98110 45678', designation: 'Chief People Officer' }] },
  { name: 'Coromandel Health', legalType: 'LIMITED', industry: 'Healthcare', vertical: 'Customer Support', zone: 'SOUTH', address: '12 Greams Road', city: 'Chennai', state: 'Tamil Nadu', postalCode: '600006', email: 'talent@coromandelhealth.example', since: 140, contacts: [{ name: 'Meenakshi Sundaram', email: 'meenakshi@coromandelhealth.example', phone: '+91 94440 22334', designation: 'Recruitment Lead' }] },
  { name: 'Bengal Retail Ventures', legalType: 'PARTNERSHIP', industry: 'Retail', vertical: 'Sales', zone: 'EAST', location: 'Kolkata', address: '22 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', email: 'jobs@bengalretail.example', since: 120 },
  { name: 'Narmada Textiles', legalType: 'PROPRIETOR', industry: 'Manufacturing', zone: 'CENTRAL', address: 'Pithampur Industrial Area, Sector 3', city: 'Indore', state: 'Madhya Pradesh', postalCode: '454775', email: 'office@narmadatextiles.example', status: 'INACTIVE', since: 115 },
  { name: 'Brahmaputra Tea Estates', legalType: 'PRIVATE_LIMITED', industry: 'Retail', zone: 'NORTH_EAST', address: 'GS Road, Christian Basti', city: 'Guwahati', state: 'Assam', postalCode: '781005', email: 'hr@brahmaputratea.example', since: 95, contacts: [{ name: 'Bikash Baruah', email: 'bikash.baruah@brahmaputratea.example', phone: '+91 94350 67890', designation: 'General Manager, HR' }] },
  { name: 'Deccan Cloud Labs', legalType: 'PRIVATE_LIMITED', industry: 'IT Services', vertical: 'Engineering', zone: 'SOUTH', address: 'HITEC City, Madhapur', city: 'Hyderabad', state: 'Telangana', postalCode: '500081', website: 'https://deccancloud.example', email: 'people@deccancloud.example', since: 80, contacts: [{ name: 'Srinivas Reddy', email: 'srinivas@deccancloud.example', phone: '+91 99490 11223', designation: 'Engineering Manager' }, { name: 'Lavanya Rao', email: 'lavanya@deccancloud.example', phone: '+91 99490 44556', designation: 'HR Generalist' }] },
  { name: 'Aravali Logistics', legalType: 'LIMITED', industry: 'Manufacturing', vertical: 'Customer Support', zone: 'NORTH', address: 'Sector 18, Udyog Vihar', city: 'Gurugram', state: 'Haryana', postalCode: '122015', email: 'hr@aravalilogistics.example', since: 60 },
  { name: 'Kaveri Microfinance', legalType: 'OTHERS', industry: 'Banking & Finance', zone: 'SOUTH', address: 'Jayalakshmipuram', city: 'Mysuru', state: 'Karnataka', postalCode: '570012', email: 'careers@kaverimf.example', status: 'INACTIVE', since: 45 },
  { name: 'Rann Solar Power', legalType: 'PRIVATE_LIMITED', industry: 'Manufacturing', vertical: 'Engineering', zone: 'WEST', address: 'GIDC Estate, Mundra', city: 'Kutch', state: 'Gujarat', postalCode: '370421', email: 'talent@rannsolar.example', since: 30 },
  { name: 'Utkal Care Hospitals', legalType: 'PARTNERSHIP', industry: 'Healthcare', zone: 'EAST', address: 'Saheed Nagar', city: 'Bhubaneswar', state: 'Odisha', postalCode: '751007', email: 'hr@utkalcare.example', since: 18 },
  { name: 'Shivalik Dairy Cooperative', legalType: 'OTHERS', industry: 'Retail', zone: 'NORTH', address: 'Industrial Area Phase 2', city: 'Chandigarh', state: 'Chandigarh', postalCode: '160002', email: 'office@shivalikdairy.example', since: 7 },
];

const idsByName = async (db: Executor, table: 'industries' | 'verticals' | 'locations') =>
  new Map((await db.selectFrom(table).select(['id', 'name']).where('clientId', 'is', null).execute()).map((r) => [r.name, r.id]));

/** Fills the demo clients' details: call with the two demo clients and the provider's sales staff. */
export async function seedDemoClients(db: Executor, ids: { clients: { acme: string; globex: string }; salesPersonId: string; relationshipManagerId: string }) {
  const industries = new Map((await db.selectFrom('industries').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const verticals = await idsByName(db, 'verticals');
  const locations = await idsByName(db, 'locations');
  const now = Date.now();

  async function details(clientId: string, client: Omit<DemoClient, 'name' | 'since'>, logoKey?: string) {
    let logoFileId: string | null = null;
    if (logoKey) {
      // Its bytes go into the storage later (storeDemoLogos): stored_bytes stays null until then.
      logoFileId = (await db.insertInto('storedFiles').values({ objectKey: logoKey, userId: null, clientId, contentType: 'image/png' }).returning('id').executeTakeFirstOrThrow()).id;
    }
    await db
      .updateTable('clients')
      .set({
        legalType: client.legalType,
        industryId: industries.get(client.industry) ?? null,
        verticalId: client.vertical ? (verticals.get(client.vertical) ?? null) : null,
        zone: client.zone,
        locationId: client.location ? (locations.get(client.location) ?? null) : null,
        address: client.address,
        city: client.city,
        state: client.state,
        postalCode: client.postalCode,
        gstin: client.gstin ?? null,
        pan: client.pan ?? null,
        website: client.website ?? null,
        phone: client.phone ?? null,
        email: client.email ?? null,
        logoFileId,
        salesPersonId: ids.salesPersonId,
        relationshipManagerId: ids.relationshipManagerId,
        status: client.status ?? 'ACTIVE',
        lowCreditThreshold: client.lowCreditThreshold ?? 10,
      })
      .where('id', '=', clientId)
      .execute();
    for (const [position, contact] of (client.contacts ?? []).entries())
      await db
        .insertInto('clientContacts')
        .values({ clientId, ...contact, isPrimary: position === 0, position, updatedAt: new Date() })
        .execute();
  }

  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  await db.updateTable('clients').set({ createdAt: at(200), updatedAt: at(20) }).where('id', '=', ids.clients.acme).execute();
  await db.updateTable('clients').set({ createdAt: at(185), updatedAt: at(12) }).where('id', '=', ids.clients.globex).execute();
  await details(ids.clients.acme, ACME, DEMO_LOGOS.acme.key);
  await details(ids.clients.globex, GLOBEX, DEMO_LOGOS.globex.key);
  for (const client of MORE_CLIENTS) {
    const id = (await db.insertInto('clients').values({ name: client.name, createdAt: at(client.since), updatedAt: at(Math.max(0, client.since - 5)) }).returning('id').executeTakeFirstOrThrow()).id;
    await details(id, client);
  }
}

/**
 * A library assessment for hiring in customer support, built from the tests of Acme's own, given to
 * Acme with its own name, Hindi and English, and invitations valid for 10 days.
 */
export async function grantDemoAssessments(db: Executor, ids: { clients: { acme: string }; adminId: string }) {
  const source = await db.selectFrom('assessments').selectAll().where('name', '=', 'Customer Support Associate: Hiring 2026').executeTakeFirst();
  if (!source) return;
  const created = new Date(Date.now() - 40 * DAY);
  const library = await db
    .insertInto('assessments')
    .values({
      name: 'Customer Service Aptitude (Library)',
      description: 'The provider’s assessment for customer-facing roles: communication, problem solving and service orientation.',
      translations: JSON.stringify([
        { language: 'hi', name: 'ग्राहक सेवा अभिरुचि (लाइब्रेरी)', description: 'ग्राहकों से जुड़ी भूमिकाओं के लिए प्रदाता का आकलन: संवाद, समस्या समाधान और सेवा-भाव।' },
      ]),
      type: 'INVITED',
      status: 'ACTIVE',
      clientId: null,
      languages: source.languages,
      totalTimeSeconds: source.totalTimeSeconds,
      proctoring: JSON.stringify(source.proctoring),
      videoQuestions: JSON.stringify([]),
      authorId: ids.adminId,
      createdAt: created,
      updatedAt: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('assessmentTests')
    .columns(['assessmentId', 'testId', 'position'])
    .expression(db.selectFrom('assessmentTests').select([sql<string>`${library.id}::uuid`.as('assessmentId'), 'testId', 'position']).where('assessmentId', '=', source.id))
    .execute();
  await db
    .insertInto('clientAssessments')
    .values({
      clientId: ids.clients.acme,
      assessmentId: library.id,
      settings: JSON.stringify({ displayName: 'Acme Service Desk Screening', languages: source.languages, invitationDays: 10 }),
      grantedBy: ids.adminId,
      createdAt: new Date(Date.now() - 21 * DAY),
      updatedAt: new Date(Date.now() - 21 * DAY),
    })
    .execute();
}
