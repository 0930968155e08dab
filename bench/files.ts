/**
 * bun bench/files.ts → JSON: what issue 19's files cost a user, against a production-mode app in its
 * own process (bench/http-target.ts) on a fresh data directory:
 * - support: time to send a 'Reportar Bug' request (multipart, a 1 MB image, and one with an 8 MB
 *   screen recording) until the answer, p50/max and MB/s, within the 10-per-hour budget of one user;
 * - files: GET /api/v1/files/{id} as the person who sent it (session + access check + read), the whole
 *   1 MB image and a 64 KB range of the recording (what a seek in the video player asks), with wrk:
 *   req/s, p50/p99 and the target's CPU µs per request;
 * - certificate: drawing the certificate PDF (pdf-lib, in this process), first call (library load)
 *   and p50 of the next ones.
 * BENCH_DURATION (wrk, default 10s), BENCH_CONNECTIONS (default 50).
 */
import { spawn, spawnSync } from "node:child_process";
import { renderCertificatePdf } from "../src/services/academy/certificate-pdf";
import { benchLogin, pct, runWrk } from "./support";

const DURATION = process.env.BENCH_DURATION ?? "10s";
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? "50";
const log = (msg: string) => process.stderr.write(`[bench files] ${msg}\n`);

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk not found: apt-get install -y wrk");
  process.exit(1);
}

const target = spawn(process.execPath, ["bench/http-target.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const ports = await new Promise<{ appPort: number; controlPort: number }>((resolve) => {
  target.stdout.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString().trim().split("\n")[0] ?? "{}")));
});
const app = `http://127.0.0.1:${ports.appPort}`;

try {
  const { cookie, csrf } = await benchLogin(app);

  /** Bytes that pass the server's magic-byte check for the type, the rest random (no compression helps). */
  const fileOf = (magic: number[], size: number) => {
    const bytes = crypto.getRandomValues(new Uint8Array(size));
    bytes.set(magic, 0);
    return bytes;
  };
  const png = fileOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 1024 * 1024);
  const webm = fileOf([0x1a, 0x45, 0xdf, 0xa3], 8 * 1024 * 1024);

  const send = async (i: number, withVideo: boolean) => {
    const form = new FormData();
    form.set("type", "bug");
    form.set("subject", `Bench ${i}`);
    form.set("description", "A tela de conversas não carrega depois de trocar de workspace.");
    form.set("priority", "medium");
    form.append("attachments", new File([png], "tela.png", { type: "image/png" }));
    if (withVideo) form.append("attachments", new File([webm], "gravacao.webm", { type: "video/webm" }));
    const t0 = performance.now();
    const res = await fetch(`${app}/api/v1/support/requests`, { method: "POST", headers: { cookie, "x-csrf-token": csrf }, body: form });
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`support request ${i}: ${res.status} ${await res.text()}`);
    return ms;
  };
  log("sending support requests");
  const imageOnly: number[] = [];
  for (let i = 0; i < 8; i++) imageOnly.push(await send(i, false));
  const withVideo: number[] = [];
  for (let i = 8; i < 10; i++) withVideo.push(await send(i, true));

  const trpcGet = async (path: string, input: unknown) => {
    const res = await fetch(`${app}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return ((await res.json()) as { result: { data: { json: unknown } } }).result.data.json;
  };
  const mine = (await trpcGet("support.list", { page: 1, pageSize: 20 })) as { items: { id: string; subject: string }[] };
  const withRecording = mine.items.find((r) => r.subject === "Bench 9");
  if (!withRecording) throw new Error("the request with the recording is not in Meus chamados");
  const detail = (await trpcGet("support.get", { id: withRecording.id })) as { attachments: { url: string; mimeType: string }[] };
  const imageUrl = detail.attachments.find((a) => a.mimeType === "image/png")?.url;
  const videoUrl = detail.attachments.find((a) => a.mimeType === "video/webm")?.url;
  if (!imageUrl || !videoUrl) throw new Error("attachments missing from the request");

  const cpuSince = async () => ((await (await fetch(`http://127.0.0.1:${ports.controlPort}/`)).json()) as { cpuMs: number }).cpuMs;
  log("serving files with wrk");
  const wholeImage = await runWrk(`${app}${imageUrl}`, { connections: CONNECTIONS, duration: DURATION, headers: [`Cookie: ${cookie}`] }, cpuSince);
  const videoRange = await runWrk(`${app}${videoUrl}`, { connections: CONNECTIONS, duration: DURATION, headers: [`Cookie: ${cookie}`, "Range: bytes=4194304-4259839"] }, cpuSince);

  log("drawing certificates");
  const certificate = async () => {
    const t0 = performance.now();
    const pdf = await renderCertificatePdf({ recipientName: "Maria da Conceição", courseTitle: "Primeiros passos com a Atenda", issuedAt: Date.now(), verificationCode: "ABCD-1234-EFGH", appUrl: "http://localhost:3000" });
    if (pdf.byteLength < 1000) throw new Error("empty certificate");
    return performance.now() - t0;
  };
  const firstCertificate = await certificate();
  const certificates: number[] = [];
  for (let i = 0; i < 50; i++) certificates.push(await certificate());

  const mb = (bytes: number) => bytes / (1024 * 1024);
  console.log(
    JSON.stringify(
      {
        machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
        support: {
          image1MbP50Ms: pct(imageOnly, 50),
          image1MbMaxMs: pct(imageOnly, 100),
          imagePlusVideo9MbP50Ms: pct(withVideo, 50),
          uploadMBps: Math.round((mb(png.byteLength + webm.byteLength) / (pct(withVideo, 50) / 1000)) * 10) / 10,
        },
        files: { load: { tool: "wrk", connections: Number(CONNECTIONS), duration: DURATION }, wholeImage1Mb: wholeImage, videoRange64Kb: videoRange },
        certificate: { firstMs: Math.round(firstCertificate * 10) / 10, p50Ms: pct(certificates, 50), p99Ms: pct(certificates, 99) },
      },
      null,
      2,
    ),
  );
} finally {
  target.kill("SIGINT");
}
