/**
 * The zip guard and jszip (inside mammoth) must read the same entries. jszip shifts every offset by
 * `eocd - (cdOffset + cdSize)` when the end record is not right after the directory, so a DOCX can
 * show the guard a small decoy directory while mammoth inflates a bomb stored behind it. The guard
 * refuses any zip whose layout leaves room for such a second reading.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { crc32 } from "node:zlib";
import JSZip from "jszip";
import { LimitError } from "../src/knowledge/extract-errors";
import { type TrainingLimits, limitMessages } from "../src/knowledge/limits";
import { assertZipWithinLimits } from "../src/knowledge/zip-guard";
import { makeDocx } from "./fixtures/documents";
import { zipBombDocx } from "./fixtures/heavy-documents";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { jobsOf, uploadDocument, waitForSource } from "./helpers/training";

const MB = 1024 * 1024;
const limits: TrainingLimits = {
  maxUnzippedBytes: MB,
  maxZipEntries: 2000,
  maxChars: 2_000_000,
  maxChunksPerSource: 5000,
  maxChunksPerWorkspace: 50_000,
  maxPdfPages: 2000,
  maxCsvColumns: 200,
  maxCsvCells: 500_000,
  memoryMb: 768,
  timeoutMs: 60_000,
};

/**
 * `bomb` (a plain zip ending in a 22-byte end record) behind a decoy: one tiny stored entry whose
 * directory sits at the bomb's directory offset and has the bomb's directory size. The end record
 * names the decoy's directory; jszip, seeing `decoy length` unexplained bytes before the end
 * record, moves its zero there and reads the bomb's directory and entries instead.
 */
function decoyInFrontOf(bomb: Uint8Array): Uint8Array {
  const b = Buffer.from(bomb);
  const end = b.length - 22;
  const cdSize = b.readUInt32LE(end + 12);
  const cdOffset = b.readUInt32LE(end + 16);
  const name = Buffer.from("leia.txt");
  const data = Buffer.alloc(cdOffset - 30 - name.length, "a");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const comment = Buffer.alloc(cdSize - 46 - name.length, " ");
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt16LE(comment.length, 32);
  central.writeUInt32LE(0, 42);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(cdSize, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  const decoy = Buffer.concat([local, name, data, central, name, comment]);
  expect(decoy.length).toBe(cdOffset + cdSize);
  return new Uint8Array(Buffer.concat([decoy, b.subarray(0, end), eocd]));
}

/** A DOCX that jszip writes itself, deflated, as an office suite would. */
async function jszipDocx(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makeDocx("Política de trocas", ["Trocas em até 7 dias com a nota fiscal."]));
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

function refusal(bytes: Uint8Array): string {
  try {
    assertZipWithinLimits(bytes, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(LimitError);
    return (err as Error).message;
  }
  throw new Error("the guard accepted the zip");
}

describe("[training-bounds] the zip guard reads what jszip reads", () => {
  test("a decoy directory in front of a bomb is refused (jszip would read the bomb)", async () => {
    const bomb = await zipBombDocx(4);
    const crafted = decoyInFrontOf(bomb);
    // The premise: jszip (mammoth's reader) lists the bomb's entries, not the decoy.
    const seen = await JSZip.loadAsync(crafted);
    expect(Object.keys(seen.files)).toContain("word/document.xml");
    expect(Object.keys(seen.files)).not.toContain("leia.txt");
    expect(refusal(crafted)).toBe(limitMessages.zipLayout);
  });

  test("bytes after the end record, or between the directory and it, are refused", async () => {
    const good = Buffer.from(await jszipDocx());
    expect(refusal(new Uint8Array(Buffer.concat([good, Buffer.from("lixo no fim do arquivo")])))).toBe(limitMessages.zipLayout);
    const end = good.length - 22;
    const gap = Buffer.concat([good.subarray(0, end), Buffer.alloc(16), good.subarray(end)]);
    expect(refusal(new Uint8Array(gap))).toBe(limitMessages.zipLayout);
  });

  test("an end record that claims a zip64 directory without one is refused", async () => {
    const good = Buffer.from(await jszipDocx());
    good.writeUInt16LE(0xffff, good.length - 22 + 4); // disk number: jszip then looks for zip64 records
    expect(() => assertZipWithinLimits(new Uint8Array(good), limits)).toThrow();
  });

  test("a normal DOCX written by jszip, and one with a file comment, pass", async () => {
    const docx = await jszipDocx();
    const zip = await JSZip.loadAsync(docx);
    expect(assertZipWithinLimits(docx, limits).map((e) => e.name)).toEqual(Object.keys(zip.files));
    const commented = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE", comment: "gerado pelo teste" });
    expect(assertZipWithinLimits(commented, limits).map((e) => e.name)).toEqual(Object.keys(zip.files));
  });
});

describe("[training-bounds] end to end", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRAINING_MAX_UNZIPPED_MB: "1" });
  });
  afterAll(() => app.stop());

  test("a decoy DOCX uploaded as a training source fails with the pt-BR message, once", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const up = await uploadDocument(client, agent.id, "contrato.docx", decoyInFrontOf(await zipBombDocx(2)));
    expect(up.status).toBe(201);
    const { source } = await waitForSource(client, agent.id, up.data.id, { timeoutMs: 60_000 });
    expect(source.status).toBe("failed");
    expect(source.errorMessage).toBe(limitMessages.zipLayout);
    expect(source.chunkCount).toBe(0);
    expect((await jobsOf(app, up.data.id)).map((j) => ({ status: j.status, attempts: j.attempts }))).toEqual([{ status: "dead", attempts: 1 }]);
  }, 90_000);
});
