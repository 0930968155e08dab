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
const MAX_COMMENT = 0xffff;

const unreadable = () => new ExtractionError("Não foi possível ler o arquivo DOCX.");

/** Entries listed in the central directory (zip64 sizes and offsets included). */
export function centralDirectory(bytes: Uint8Array, limits: TrainingLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - MAX_COMMENT); i--) {
    if (u32(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  let count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  const locator = eocd - 20;
  if ((count === 0xffff || offset === 0xffffffff) && locator >= 0 && u32(locator) === ZIP64_LOCATOR) {
    const at = u64(locator + 8);
    if (at + 56 > bytes.length || u32(at) !== ZIP64_EOCD) throw unreadable();
    count = u64(at + 32);
    offset = u64(at + 48);
  }
  if (count > limits.maxZipEntries) throw new LimitError(limitMessages.zipEntries(limits));
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || u32(p) !== CENTRAL) throw unreadable();
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
  return entries;
}

/** A 0xffffffff field means "see the zip64 extra field", which lists only those fields, in order. */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry) {
  const end = Math.min(start + length, view.byteLength);
  for (let p = start; p + 4 <= end; ) {
    const id = view.getUint16(p, true);
    const size = view.getUint16(p + 2, true);
    if (id === 0x0001) {
      let q = p + 4;
      const next = () => {
        if (q + 8 > p + 4 + size || q + 8 > view.byteLength) throw unreadable();
        const v = Number(view.getBigUint64(q, true));
        q += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    p += 4 + size;
  }
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
