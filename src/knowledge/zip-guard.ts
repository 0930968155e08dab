import { inflateRawSync } from "node:zlib";
import { ExtractionError, LimitError } from "./extract-errors";
import { type TrainingLimits, limitMessages } from "./limits";

/**
 * Checks a zip (DOCX) before any library inflates it: first the sizes its central directory
 * declares, then the real sizes, by inflating every entry with a ceiling on the output (declared
 * sizes can lie). Only then does mammoth (jszip) inflate the same bytes, so it is bounded too.
 * Throws LimitError past the caps, ExtractionError when the zip cannot be read.
 */
export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;

const unreadable = () => new ExtractionError("Não foi possível ler o arquivo DOCX.");
const badLayout = () => new LimitError(limitMessages.zipLayout);

/**
 * Entries listed in the central directory (zip64 sizes and offsets included). jszip finds the end
 * record by searching back from the very last byte, and when it does not sit right after the
 * directory it shifts every offset by the gap: a decoy directory for us, a bomb for mammoth. So the
 * layout must leave jszip no other reading: the end record is the last one and ends the file, the
 * directory (and zip64 record) fill exactly the bytes before it, all on one disk.
 */
export function centralDirectory(bytes: Uint8Array, limits: TrainingLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const eocd = lastSignature(view, EOCD);
  if (eocd < 0 || eocd + 22 > bytes.length) throw unreadable();
  if (eocd + 22 + u16(eocd + 20) !== bytes.length) throw badLayout();
  let disk = u16(eocd + 4);
  let cdDisk = u16(eocd + 6);
  let onDisk = u16(eocd + 8);
  let count = u16(eocd + 10);
  let cdSize = u32(eocd + 12);
  let offset = u32(eocd + 16);
  let cdEnd = eocd;
  // jszip switches to zip64 when any of these fields is saturated (not only count and offset).
  if ([disk, cdDisk, onDisk, count].includes(0xffff) || cdSize === 0xffffffff || offset === 0xffffffff) {
    const locator = lastSignature(view, ZIP64_LOCATOR);
    if (locator < 0 || locator !== eocd - 20 || u32(locator + 16) > 1) throw badLayout();
    const at = u64(locator + 8);
    if (at + 56 > locator || u32(at) !== ZIP64_EOCD || at + 12 + u64(at + 4) !== locator) throw badLayout();
    disk = u32(at + 16);
    cdDisk = u32(at + 20);
    onDisk = u64(at + 24);
    count = u64(at + 32);
    cdSize = u64(at + 40);
    offset = u64(at + 48);
    cdEnd = at;
  }
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count || offset + cdSize !== cdEnd) throw badLayout();
  if (count > limits.maxZipEntries) throw new LimitError(limitMessages.zipEntries(limits));
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cdEnd || u32(p) !== CENTRAL) throw unreadable();
    const nameLen = u16(p + 28);
    const extraLen = u16(p + 30);
    const commentLen = u16(p + 32);
    const entry = {
      name: new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLen)),
      method: u16(p + 10),
      compressedSize: u32(p + 20),
      size: u32(p + 24),
      localOffset: u32(p + 42),
    };
    readZip64Extra(view, p + 46 + nameLen, extraLen, entry);
    entries.push(entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  // jszip reads directory entries for as long as their signature repeats: none may be left over.
  if (p !== cdEnd) throw badLayout();
  return entries;
}

/** Where the last `signature` starts, searching back from the very end as jszip does; -1 if none. */
function lastSignature(view: DataView, signature: number): number {
  for (let i = view.byteLength - 4; i >= 0; i--) if (view.getUint32(i, true) === signature) return i;
  return -1;
}

/**
 * A 0xffffffff field means "see the zip64 extra field", which lists only those fields, in order.
 * Walked like jszip walks it (a header must fit strictly inside; a repeated id replaces the first).
 */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry) {
  const end = start + length;
  let field = -1;
  let fieldSize = 0;
  for (let p = start; p + 4 < end; ) {
    const size = view.getUint16(p + 2, true);
    if (view.getUint16(p, true) === 0x0001) {
      field = p + 4;
      fieldSize = size;
    }
    p += 4 + size;
  }
  if (field < 0) return;
  let q = field;
  const next = () => {
    if (q + 8 > field + fieldSize || q + 8 > view.byteLength) throw unreadable();
    const v = Number(view.getBigUint64(q, true));
    q += 8;
    return v;
  };
  if (entry.size === 0xffffffff) entry.size = next();
  if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
  if (entry.localOffset === 0xffffffff) entry.localOffset = next();
}

/** Declared sizes first (cheap), then every entry inflated with the remaining budget as ceiling. */
export function assertZipWithinLimits(bytes: Uint8Array, limits: TrainingLimits): ZipEntry[] {
  let entries: ZipEntry[];
  try {
    entries = centralDirectory(bytes, limits);
  } catch (err) {
    // A DataView read past the end (a truncated or forged directory) is just an unreadable file.
    if (err instanceof ExtractionError) throw err;
    throw unreadable();
  }
  const tooBig = () => new LimitError(limitMessages.unzipped(limits));
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUnzippedBytes) throw tooBig();
  let budget = limits.maxUnzippedBytes;
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) {
      try {
        // Past the budget zlib stops and throws instead of allocating the rest.
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (err) {
        if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooBig();
        throw unreadable();
      }
    } else throw unreadable();
    budget -= size;
    if (budget < 0) throw tooBig();
  }
  return entries;
}

function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.length) throw unreadable();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(at, true) !== LOCAL) throw unreadable();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw unreadable();
  return bytes.subarray(start, start + entry.compressedSize);
}
