/**
 * An XLSX workbook is a zip. Before exceljs reads one, its central directory is read for the size
 * each entry unpacks to, and a file over the caps is refused: a 20 MB upload may otherwise inflate
 * to gigabytes (a decompression bomb). The declared sizes are then proved: every entry's data is
 * inflated (counted, not kept) up to its declared size, and the entries must cover the file end to
 * end, so that exceljs's streaming reader, which walks the local headers, sees nothing else.
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';

/** Far more than a 10,000-question workbook unpacks to (about 5 MB per 1,000 rows of three languages). */
export const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** A workbook has a few dozen entries; images may add some. */
export const XLSX_MAX_ENTRIES = 1000;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
}

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const MAX32 = 0xffffffff;

/** The entries of the central directory (zip64 sizes included) and where it starts; throws ZipError when it cannot be read. */
export function centralDirectory(zip: Buffer): { entries: ZipEntry[]; start: number } {
  // The end record is 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const start = zip.readUInt32LE(end + 16);
  if (zip.readUInt16LE(end + 4) !== 0 || count === 0xffff || start === MAX32 || start + size > end) throw new ZipError('unsupported central directory');
  if (count > XLSX_MAX_ENTRIES) throw new ZipError('too many entries');

  const entries: ZipEntry[] = [];
  let p = start;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || zip.readUInt32LE(p) !== CENTRAL) throw new ZipError('broken central directory');
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
      method: zip.readUInt16LE(p + 10),
      flags: zip.readUInt16LE(p + 8),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      offset: zip.readUInt32LE(p + 42),
    };
    // Zip64: the fields set to 0xFFFFFFFF are in the extra field 0x0001, in this order.
    if (entry.size === MAX32 || entry.compressedSize === MAX32 || entry.offset === MAX32) {
      let x = p + 46 + nameLength;
      const extraEnd = x + extraLength;
      while (x + 4 <= extraEnd && zip.readUInt16LE(x) !== 0x0001) x += 4 + zip.readUInt16LE(x + 2);
      if (x + 4 > extraEnd) throw new ZipError('zip64 sizes missing');
      let f = x + 4;
      const next = () => {
        if (f + 8 > extraEnd) throw new ZipError('zip64 sizes missing');
        const value = Number(zip.readBigUInt64LE(f));
        f += 8;
        return value;
      };
      if (entry.size === MAX32) entry.size = next();
      if (entry.compressedSize === MAX32) entry.compressedSize = next();
      if (entry.offset === MAX32) entry.offset = next();
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, start };
}

/** Inflates a deflated entry, counting what comes out; throws ZipError past `limit` bytes. */
async function inflatedSize(data: Buffer, limit: number): Promise<number> {
  let size = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? new ZipError('an entry unpacks to more than it declares') : null);
    },
  });
  try {
    await pipeline(Readable.from([data]), createInflateRaw(), counter);
  } catch (error) {
    throw error instanceof ZipError ? error : new ZipError('an entry is not valid deflate data');
  }
  return size;
}

export type ZipCheck = { ok: true } | { ok: false; reason: 'unreadable' } | { ok: false; reason: 'too large'; unpackedBytes: number };

/** Whether a workbook is safe to hand to exceljs: readable, and unpacking to at most the caps. */
export async function checkWorkbookZip(zip: Buffer, maxUnpackedBytes = XLSX_MAX_UNPACKED_BYTES): Promise<ZipCheck> {
  try {
    const { entries, start } = centralDirectory(zip);
    const unpacked = entries.reduce((sum, e) => sum + e.size, 0);
    if (unpacked > maxUnpackedBytes) return { ok: false, reason: 'too large', unpackedBytes: unpacked };

    const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
    let expected = 0;
    for (const entry of byOffset) {
      const at = entry.offset;
      if (at !== expected || at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipError('entries do not cover the file');
      const flags = zip.readUInt16LE(at + 6);
      if (zip.readUInt16LE(at + 8) !== entry.method) throw new ZipError('local and central headers disagree');
      const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
      const dataEnd = dataStart + entry.compressedSize;
      if (dataEnd > zip.length) throw new ZipError('entry past the end of the file');
      const data = zip.subarray(dataStart, dataEnd);
      if (entry.method === 0) {
        if (entry.compressedSize !== entry.size) throw new ZipError('stored entry with two sizes');
      } else if (entry.method === 8) {
        await inflatedSize(data, entry.size);
      } else throw new ZipError('unsupported compression');
      expected = dataEnd;
      // A data descriptor (bit 3) follows the data: crc and sizes, with or without its signature, 32 or 64 bits.
      if (flags & 0x8) {
        const signed = dataEnd + 4 <= zip.length && zip.readUInt32LE(dataEnd) === DESCRIPTOR ? 4 : 0;
        const next = byOffset[byOffset.indexOf(entry) + 1]?.offset ?? start;
        const length = next - dataEnd - signed;
        if (length !== 12 && length !== 20) throw new ZipError('broken data descriptor');
        expected = next;
      }
    }
    if (expected !== start) throw new ZipError('data outside the entries');
    return { ok: true };
  } catch (error) {
    if (error instanceof ZipError || error instanceof RangeError) return { ok: false, reason: 'unreadable' };
    throw error;
  }
}
