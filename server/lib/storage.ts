/**
 * Object storage behind signed upload URLs (DESIGN section 1). The browser asks the API for
 * `{preSignedUrl, objectUrl}`, PUTs the file to `preSignedUrl` with the signed Content-Type, then
 * keeps `objectUrl`. Two backends:
 *  - LocalStorage (default): URLs point at this server's own `/files/…` routes (server/modules/uploads/files.ts),
 *    signed with an HMAC that expires; files live under `<dataDir>/files`.
 *  - S3Storage (`S3_BUCKET` set): URLs are AWS Signature V4 presigned PUTs to the bucket, any S3-compatible store.
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError, type Config } from '../config';
import { badRequest, conflict, forbidden, HttpError } from './errors';
import { matchesSignature, SIGNATURE_BYTES } from './file-signature';
import { FIELD_MESSAGES } from '../../src/domain/fieldMessages';

/** How long a signed upload URL stays valid. */
export const UPLOAD_TTL_SECONDS = 15 * 60;
/** How long a presigned read URL stays valid (long enough to watch a video answer). */
export const READ_URL_TTL_SECONDS = 60 * 60;

const MB = 1024 * 1024;

/** The content types that may be uploaded (no SVG or HTML: they can carry scripts), with their size limits. */
export const UPLOAD_TYPES = {
  'image/png': { maxBytes: 10 * MB, disposition: 'inline' },
  'image/jpeg': { maxBytes: 10 * MB, disposition: 'inline' },
  'image/gif': { maxBytes: 10 * MB, disposition: 'inline' },
  'image/webp': { maxBytes: 10 * MB, disposition: 'inline' },
  'video/mp4': { maxBytes: 200 * MB, disposition: 'inline' },
  'video/webm': { maxBytes: 200 * MB, disposition: 'inline' },
  'audio/webm': { maxBytes: 200 * MB, disposition: 'inline' },
  'audio/mpeg': { maxBytes: 200 * MB, disposition: 'inline' },
  'text/csv': { maxBytes: 20 * MB, disposition: 'attachment' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { maxBytes: 20 * MB, disposition: 'attachment' },
  // Applicants' résumés (careers pages), uploaded only by an application's own ticket.
  'application/pdf': { maxBytes: 10 * MB, disposition: 'attachment' },
  'application/msword': { maxBytes: 10 * MB, disposition: 'attachment' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { maxBytes: 10 * MB, disposition: 'attachment' },
} as const satisfies Record<string, { maxBytes: number; disposition: 'inline' | 'attachment' }>;

export type UploadContentType = keyof typeof UPLOAD_TYPES;
export const UPLOAD_CONTENT_TYPES = Object.keys(UPLOAD_TYPES) as UploadContentType[];

export const isUploadContentType = (value: unknown): value is UploadContentType =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_TYPES, value);

export const FILE_NAME_MAX = 120;
const FILE_NAME = /^[A-Za-z0-9._-]+$/;

/** Why a file name cannot be used as an upload key, or undefined when it can. */
export function fileNameProblem(name: string): string | undefined {
  if (!name) return 'The file name (key) is required.';
  if (name.length > FILE_NAME_MAX) return `The file name (key) may have at most ${FILE_NAME_MAX} characters.`;
  if (!FILE_NAME.test(name)) return 'The file name (key) may only contain letters, digits, dots, dashes and underscores.';
  if (name.includes('..')) return 'The file name (key) may not contain "..".';
  return undefined;
}

/** `uploads/<yyyy>/<mm>/<ms since epoch>-<16 hex>-<file name>`: unique, timestamped, unguessable (64 random bits) and safe as a path. */
export function objectKeyFor(name: string, nowMs: number, random = randomBytes(8).toString('hex')): string {
  const problem = fileNameProblem(name);
  if (problem) throw badRequest(problem, { key: problem });
  const date = new Date(nowMs);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const safe = name.replace(/^\.+/, '') || 'file'; // no hidden-looking names
  return `uploads/${date.getUTCFullYear()}/${month}/${nowMs}-${random}-${safe}`;
}

/**
 * An object key that can be a path under the storage root: segments of letters, digits, dot, dash
 * and underscore, none starting with a dot (those names hold temporary files and metadata), no "..".
 */
const OBJECT_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const isObjectKey = (key: string) => key.length <= 512 && OBJECT_KEY.test(key) && !key.includes('..');

export interface UploadRequest {
  /** The file name the browser asked for (already checked by fileNameProblem). */
  name: string;
  contentType: UploadContentType;
  /** Origin of this server as the browser reaches it, for local URLs. */
  baseUrl: string;
  /** The file's size as the browser declares it; S3 signs it (Content-Length), so the bucket takes exactly that many bytes. */
  size?: number;
}

export interface SignedUpload {
  /** PUT the file here, with `Content-Type: <contentType>`, before expiresAt. */
  preSignedUrl: string;
  /** Where the file can be read once uploaded; what the caller stores. */
  objectUrl: string;
  key: string;
  expiresAt: string;
  maxBytes: number;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** The origin browsers upload to when it is not this server's own (S3): the pages' CSP lets them connect there. */
  readonly uploadOrigin: string | null;
  signUpload(request: UploadRequest): SignedUpload;
  /**
   * Where the app's pages read a stored object (a candidate's video answer, a snapshot, a client's
   * logo): on local disk the path `/files/<key>` of this server, whatever address the page was
   * opened at (keys are unguessable and never reused); on S3 a presigned GET that lapses.
   */
  readUrl(key: string): string;
  /** Releases what the storage owns (the temporary folder of a storage without dataDir). */
  close(): Promise<void>;
}

export interface StorageOptions {
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

/** The storage the configuration asks for: S3 with S3_BUCKET, else local disk under `<dataDir>/files`. */
export function createStorage(config: Pick<Config, 'dataDir' | 'jwtSecret' | 's3'>, options: StorageOptions = {}): Storage {
  if (config.s3) return new S3Storage(config.s3, options);
  if (config.dataDir) return new LocalStorage(join(config.dataDir, 'files'), config.jwtSecret, options);
  // No data folder (tests, in-memory database): files live in a temporary folder removed by close().
  return new LocalStorage(mkdtempSync(join(tmpdir(), 'skillgauge-files-')), config.jwtSecret, { ...options, ownsRoot: true });
}

export const tooLarge = (maxBytes: number) => new HttpError(413, `The file is too large: at most ${Math.round(maxBytes / MB)} MB for this type.`);

/** Files on local disk, written through this server's signed `/files/<key>` URLs. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly uploadOrigin = null;
  readonly root: string;
  private readonly signingKey: Buffer;
  private readonly now: () => number;
  private readonly ownsRoot: boolean;

  constructor(root: string, secret: string, options: StorageOptions & { ownsRoot?: boolean } = {}) {
    this.root = resolve(root);
    // A key of its own, so an upload signature can never stand in for a token signature or the reverse.
    this.signingKey = Buffer.from(hkdfSync('sha256', secret, 'skillgauge', 'storage/upload-url/v1', 32));
    this.now = options.now ?? Date.now;
    this.ownsRoot = options.ownsRoot ?? false;
  }

  signUpload({ name, contentType, baseUrl }: UploadRequest): SignedUpload {
    const now = this.now();
    const key = objectKeyFor(name, now);
    const expires = Math.floor(now / 1000) + UPLOAD_TTL_SECONDS;
    const objectUrl = `${baseUrl.replace(/\/+$/, '')}/files/${key}`;
    const query = new URLSearchParams({ expires: String(expires), contentType, sig: this.signature('PUT', key, expires, contentType) });
    return {
      preSignedUrl: `${objectUrl}?${query}`,
      objectUrl,
      key,
      expiresAt: new Date(expires * 1000).toISOString(),
      maxBytes: UPLOAD_TYPES[contentType].maxBytes,
    };
  }

  readUrl(key: string): string {
    return `/files/${key}`;
  }

  private signature(method: string, key: string, expires: number, contentType: string): string {
    return createHmac('sha256', this.signingKey).update([method, key, expires, contentType].join('\n')).digest('base64url');
  }

  /**
   * Checks a PUT to `/files/<key>` before its body is read: the key, the signature over method, key,
   * expiry and content type, the expiry, the request's Content-Type and its declared length.
   */
  verifyUpload(
    key: string,
    query: { expires?: unknown; contentType?: unknown; sig?: unknown },
    headers: { contentType?: string; contentLength?: string },
  ): { key: string; contentType: UploadContentType; maxBytes: number } {
    if (!isObjectKey(key)) throw badRequest(FIELD_MESSAGES.notValidFileAddress);
    const { expires, contentType, sig } = query;
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof contentType !== 'string' || typeof sig !== 'string') {
      throw forbidden(FIELD_MESSAGES.uploadLinkNotSigned);
    }
    const expected = Buffer.from(this.signature('PUT', key, Number(expires), contentType));
    const presented = Buffer.from(sig);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      throw forbidden(FIELD_MESSAGES.uploadLinkNotValid);
    }
    if (Math.floor(this.now() / 1000) > Number(expires)) throw forbidden(FIELD_MESSAGES.uploadLinkExpiredAsk);
    if (!isUploadContentType(contentType)) throw forbidden(FIELD_MESSAGES.contentTypeMayNot);
    const sent = headers.contentType?.split(';')[0].trim().toLowerCase();
    if (sent !== contentType) {
      throw badRequest(`The Content-Type of the upload must be ${contentType}, as signed${sent ? `, not ${sent}` : ''}.`);
    }
    const maxBytes = UPLOAD_TYPES[contentType].maxBytes;
    if (headers.contentLength !== undefined) {
      const length = Number(headers.contentLength);
      if (length > maxBytes) throw tooLarge(maxBytes);
      if (length === 0) throw badRequest(FIELD_MESSAGES.fileEmpty);
    }
    return { key, contentType, maxBytes };
  }

  /** The file of a key, never outside the root. */
  private pathOf(key: string): string {
    if (!isObjectKey(key)) throw badRequest(FIELD_MESSAGES.notValidFileAddress);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw badRequest(FIELD_MESSAGES.notValidFileAddress);
    return path;
  }

  /** Metadata beside the file, under a dot name that no object key can reach. */
  private metaPathOf(path: string) {
    return join(dirname(path), `.${basename(path)}.meta.json`);
  }

  /**
   * Streams a body to the object of a key: into a temporary file first, then linked into place, so
   * a failed or oversized upload leaves nothing and an existing object is never replaced (409).
   * Past maxBytes the upload fails with `overLimit()` (default: too large for its type).
   */
  async write(
    key: string,
    contentType: UploadContentType,
    body: Readable | undefined,
    maxBytes: number,
    overLimit: () => HttpError = () => tooLarge(maxBytes),
    { checkSignature = false }: { checkSignature?: boolean } = {},
  ): Promise<{ size: number }> {
    const path = this.pathOf(key);
    const dir = dirname(path);
    await mkdir(dir, { recursive: true });
    const exists = () => stat(path).then(() => true, () => false);
    const alreadyThere = () => conflict(FIELD_MESSAGES.fileAlreadyUploadedAddress);
    if (await exists()) throw alreadyThere();
    if (!body) throw badRequest(FIELD_MESSAGES.fileEmpty);

    const nonce = randomBytes(6).toString('hex');
    const tmp = join(dir, `.${basename(path)}.${nonce}.tmp`);
    const metaTmp = join(dir, `.${basename(path)}.${nonce}.meta.tmp`);
    let size = 0;
    // The first bytes, kept to check the file's signature against its declared type.
    const head: Buffer[] = [];
    let headBytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (checkSignature && headBytes < SIGNATURE_BYTES) {
          head.push(chunk.subarray(0, SIGNATURE_BYTES - headBytes));
          headBytes += Math.min(chunk.length, SIGNATURE_BYTES - headBytes);
        }
        if (size > maxBytes) callback(overLimit());
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(tmp, { flags: 'wx' }));
      if (size === 0) throw badRequest(FIELD_MESSAGES.fileEmpty);
      if (checkSignature && !(await matchesSignature(Buffer.concat(head), contentType))) {
        throw new HttpError(415, `The file's content is not ${contentType}: upload the file the link was asked for.`);
      }
      await writeFile(metaTmp, JSON.stringify({ contentType, size, uploadedAt: new Date(this.now()).toISOString() }), { flag: 'wx' });
      try {
        await link(tmp, path); // fails when the target exists, unlike rename: no overwrite even in a race
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') throw alreadyThere();
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
        // A file system without hard links: check, then rename.
        if (await exists()) throw alreadyThere();
        await rename(tmp, path);
      }
      await rename(metaTmp, this.metaPathOf(path));
      return { size };
    } finally {
      await rm(tmp, { force: true });
      await rm(metaTmp, { force: true });
    }
  }

  /** The stored object of a key, or undefined when there is none (or the key is not one). */
  async read(key: string): Promise<{ path: string; size: number; contentType: UploadContentType } | undefined> {
    if (!isObjectKey(key)) return undefined;
    const path = this.pathOf(key);
    try {
      const meta = JSON.parse(await readFile(this.metaPathOf(path), 'utf8')) as { contentType?: unknown };
      const info = await stat(path);
      if (!info.isFile() || !isUploadContentType(meta.contentType)) return undefined;
      return { path, size: info.size, contentType: meta.contentType };
    } catch {
      return undefined;
    }
  }

  /** Deletes the object of a key and its metadata (an upload refused after it was stored). */
  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(this.metaPathOf(path), { force: true });
    await rm(path, { force: true });
  }

  async close() {
    if (this.ownsRoot) await rm(this.root, { recursive: true, force: true });
  }
}

const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * AWS Signature Version 4 in the query string (AWS docs, "Authenticating Requests: Using Query
 * Parameters"): canonical request, string to sign, derived signing key. `url` carries the path;
 * `headers` are signed besides host and must be sent as given.
 */
export function presignS3Url(p: {
  method: string;
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresIn: number;
  now: Date;
  headers?: Record<string, string>;
}): string {
  const amzDate = p.now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''); // 20130524T000000Z
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${p.region}/s3/aws4_request`;
  const headers: Record<string, string> = { host: p.url.host };
  for (const [name, value] of Object.entries(p.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  const headerNames = Object.keys(headers).sort();
  const signedHeaders = headerNames.join(';');
  const query = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${p.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(p.expiresIn)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ]
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    p.method,
    p.url.pathname,
    query,
    headerNames.map((name) => `${name}:${headers[name]}\n`).join(''),
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  let signingKey = hmac(`AWS4${p.secretAccessKey}`, day);
  for (const part of [p.region, 's3', 'aws4_request']) signingKey = hmac(signingKey, part);
  const signature = hmac(signingKey, stringToSign).toString('hex');
  return `${p.url.origin}${p.url.pathname}?${query}&X-Amz-Signature=${signature}`;
}

/**
 * An S3 bucket (or any S3-compatible store). Without S3_ENDPOINT: AWS, virtual-hosted URLs
 * `https://<bucket>.s3.<region>.amazonaws.com/<key>`. With S3_ENDPOINT (MinIO, R2, Spaces…):
 * path-style URLs `<endpoint>/<bucket>/<key>`, as the AWS SDK's forcePathStyle builds them.
 * The Content-Type is a signed header, so S3 refuses a PUT with another type; with the declared
 * size, the Content-Length is signed too, so S3 takes exactly that many bytes (quotas count it).
 * `objectUrl` is readable only when the bucket (or a CDN in front of it) allows public reads.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly uploadOrigin: string;
  private readonly region: string;
  private readonly base: string;
  private readonly now: () => number;

  constructor(
    private readonly s3: NonNullable<Config['s3']>,
    options: StorageOptions = {},
  ) {
    if (!s3.accessKeyId || !s3.secretAccessKey) {
      throw new ConfigError('Invalid environment:\n  S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
    }
    this.region = s3.region ?? 'us-east-1';
    const bucket = encode(s3.bucket);
    this.base = s3.endpoint
      ? `${s3.endpoint.replace(/\/+$/, '')}/${bucket}`
      : s3.bucket.includes('.') // dotted names do not match the wildcard certificate
        ? `https://s3.${this.region}.amazonaws.com/${bucket}`
        : `https://${bucket}.s3.${this.region}.amazonaws.com`;
    this.uploadOrigin = new URL(this.base).origin;
    this.now = options.now ?? Date.now;
  }

  signUpload({ name, contentType, size }: UploadRequest): SignedUpload {
    const now = this.now();
    const key = objectKeyFor(name, now);
    const objectUrl = `${this.base}/${key}`;
    // A signed Content-Length: the bucket refuses any other size, so the quota can count the declared one.
    const headers: Record<string, string> = { 'content-type': contentType, ...(size === undefined ? {} : { 'content-length': String(size) }) };
    const preSignedUrl = presignS3Url({
      method: 'PUT',
      url: new URL(objectUrl),
      region: this.region,
      accessKeyId: this.s3.accessKeyId!,
      secretAccessKey: this.s3.secretAccessKey!,
      expiresIn: UPLOAD_TTL_SECONDS,
      now: new Date(now),
      headers,
    });
    return {
      preSignedUrl,
      objectUrl,
      key,
      expiresAt: new Date(Math.floor(now / 1000) * 1000 + UPLOAD_TTL_SECONDS * 1000).toISOString(),
      maxBytes: UPLOAD_TYPES[contentType].maxBytes,
    };
  }

  readUrl(key: string): string {
    return presignS3Url({
      method: 'GET',
      url: new URL(`${this.base}/${key}`),
      region: this.region,
      accessKeyId: this.s3.accessKeyId!,
      secretAccessKey: this.s3.secretAccessKey!,
      expiresIn: READ_URL_TTL_SECONDS,
      now: new Date(this.now()),
    });
  }

  async close() {}
}
