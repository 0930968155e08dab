/**
 * Issue 11, defect 12: request bodies are bounded per route while they are read. Over-limit bodies,
 * with or without Content-Length, get 413 { error: { code, message } } (pt-BR) and the server stops
 * reading: the streamed tests count what the client was asked to send.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { BODY_LIMITS, LENGTH_REQUIRED, TOO_LARGE } from "../src/api/body-limit";
import { type TestApp, startTestApp } from "./helpers/app";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";

const MB = 1024 * 1024;

let app: TestApp;
let owner: Client;
let agent: AgentRow;
beforeAll(async () => {
  app = await startTestApp({ TRAINING_MAX_UPLOAD_MB: "1" });
  const o = await ownerWithAgent(app);
  owner = o.client;
  agent = o.agent;
});
afterAll(() => app.stop());

/** A body produced on demand, 64 kB at a time, with no Content-Length (chunked). */
function streamed(total: number, fill = 0x20) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (pulled >= total) return ctrl.close();
      const n = Math.min(64 * 1024, total - pulled);
      pulled += n;
      ctrl.enqueue(new Uint8Array(n).fill(fill));
    },
  });
  return { body, pulled: () => pulled };
}

/** A body that arrives in pieces with no Content-Length: the given bytes, then the end. */
function chunked(text: string) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (at >= bytes.length) return ctrl.close();
      ctrl.enqueue(bytes.subarray(at, at + 1000));
      at += 1000;
    },
  });
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}, client?: Client) {
  const h: Record<string, string> = { "content-type": "application/json", "x-forwarded-for": client?.ip ?? "192.0.2.77", ...headers };
  if (client) {
    h.cookie = [...client.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; ");
    const csrf = client.cookie("atenda_csrf")?.value;
    if (csrf) h["x-csrf-token"] = csrf;
  }
  return fetch(`${app.base}${path}`, { method: "POST", headers: h, body, duplex: "half" } as RequestInit);
}

async function expectTooLarge(res: Response, message = TOO_LARGE(BODY_LIMITS.default)) {
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message } });
}

describe("[edge] request body limits (defect 12)", () => {
  test("public chat: a 100 MB streamed body is refused with 413 long before it is all sent", async () => {
    const s = streamed(100 * MB);
    const res = await post(`/api/v1/agents/${agent.id}/chat-external`, s.body);
    await expectTooLarge(res, TOO_LARGE(BODY_LIMITS.publicChat));
    expect(s.pulled()).toBeLessThan(BODY_LIMITS.publicChat + 8 * MB);
  });

  test("public chat: an over-limit Content-Length is refused before reading; a normal message still works", async () => {
    const res = await post(`/api/v1/agents/${agent.id}/chat-external`, "x".repeat(BODY_LIMITS.publicChat + 1));
    await expectTooLarge(res, TOO_LARGE(BODY_LIMITS.publicChat));
    const ok = await post(`/api/v1/agents/${agent.id}/chat-external`, JSON.stringify({ message: "Olá!", sessionId: "limite" }));
    expect(ok.status).toBe(200);
  });

  test("elsewhere 64 kB: an unauthenticated login with a 200 kB body is 413, streamed or not", async () => {
    const big = JSON.stringify({ email: "a@exemplo.com.br", password: "x".repeat(200 * 1024) });
    await expectTooLarge(await post("/api/v1/auth/login", big));
    const s = streamed(50 * MB);
    await expectTooLarge(await post("/api/v1/auth/login", s.body));
    expect(s.pulled()).toBeLessThan(8 * MB);
  });

  test("a chunked body under the limit is read whole (JSON login works without Content-Length)", async () => {
    const { email, password } = await registerUser(app);
    const res = await post("/api/v1/auth/login", chunked(JSON.stringify({ email, password, padding: "p".repeat(20_000) })));
    expect(res.status).toBe(200);
  });

  test("webhooks: a streamed 20 MB delivery is 413 before any signature work", async () => {
    const s = streamed(20 * MB);
    await expectTooLarge(await post("/webhooks/whatsapp", s.body), TOO_LARGE(BODY_LIMITS.webhook));
    expect(s.pulled()).toBeLessThan(BODY_LIMITS.webhook + 8 * MB);
  });

  test("document upload: the training limit (TRAINING_MAX_UPLOAD_MB) applies while reading; a small file still goes in", async () => {
    const s = streamed(50 * MB, 0x61);
    const res = await post(`/api/v1/agents/${agent.id}/training/documents`, s.body, { "content-type": "multipart/form-data; boundary=xyz" }, owner);
    await expectTooLarge(res, "O arquivo excede o tamanho máximo de 1 MB.");
    expect(s.pulled()).toBeLessThan(1 * MB + 8 * MB);

    const form = new FormData();
    form.append("file", new File(["Horário: segunda a sexta, das 8h às 18h. Entregamos em todo o bairro."], "horario.txt", { type: "text/plain" }));
    const multipart = new Response(form);
    const type = multipart.headers.get("content-type") ?? "";
    const text = await multipart.text();
    const ok = await post(`/api/v1/agents/${agent.id}/training/documents`, chunked(text), { "content-type": type }, owner);
    expect(ok.status).toBe(201);
  });

  test("tRPC: 64 kB by default, answered in tRPC's error shape (single and batched)", async () => {
    const big = { json: { id: agent.id, isActive: true, padding: "x".repeat(100 * 1024) } };
    const single = await post("/trpc/agents.toggle", JSON.stringify(big), {}, owner);
    expect(single.status).toBe(413);
    const body = (await single.json()) as { error: { json: { message: string; data: { code: string; httpStatus: number } } } };
    expect(body.error.json.message).toBe(TOO_LARGE(BODY_LIMITS.default));
    expect(body.error.json.data).toMatchObject({ code: "PAYLOAD_TOO_LARGE", httpStatus: 413 });

    const batch = await post("/trpc/agents.toggle,agents.delete?batch=1", JSON.stringify({ 0: big, 1: big }), {}, owner);
    expect(batch.status).toBe(413);
    const items = (await batch.json()) as Array<{ error: { json: { data: { code: string } } } }>;
    expect(items.map((i) => i.error.json.data.code)).toEqual(["PAYLOAD_TOO_LARGE", "PAYLOAD_TOO_LARGE"]);
  });

  test("tRPC: a path naming an inherited property (constructor, __proto__, toString) still gets the 64 kB limit", async () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      // In a batch beside a real procedure, whose handler reads the whole body.
      const s = streamed(8 * MB);
      const res = await post(`/trpc/agents.toggle,${name}?batch=1`, s.body);
      expect(res.status).toBe(413);
      // The server stopped reading long before the 8 MB were pulled (a busy machine lets socket
      // buffers fill past the 64 kB limit before the refusal is seen: ~1.2 MB once in CI).
      expect(s.pulled()).toBeLessThan(3 * MB);
    }
  });

  test("tRPC: the real client reads the 413 (pt-BR message, status 413)", async () => {
    const res = await owner.trpc.workspaces.create.mutate({ name: "x".repeat(100 * 1024) });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(413);
    expect(res.error?.message).toBe(TOO_LARGE(BODY_LIMITS.default));
  });

  test("tRPC: the editor's large procedures take larger bodies (training text of 10,000 characters, escaped)", async () => {
    const text = "Nossa padaria abre às 7h e \"fecha\" às 19h;\nentregamos no bairro Centro. ".repeat(140).slice(0, 10_000);
    const added = await owner.trpc.training.addText.mutate({ agentId: agent.id, body: { content: text } });
    expect(added.status).toBe(200);
    // Well over 64 kB on the wire, but the training procedures take up to 2 MB: zod answers, not the limit.
    const tooLong = await owner.trpc.training.addText.mutate({ agentId: agent.id, body: { content: `${"á\"\n".repeat(30_000)}fim` } });
    expect(tooLong.status).toBe(400);
  });

  // Issue 19 review: these bodies were buffered up to their limit (1 GB, ~140 MB) before any session check.
  test("a lesson video streamed without a session is refused before it is read (the store counts, not the middleware)", async () => {
    const s = streamed(300 * MB);
    const res = await post("/api/v1/admin/academy/lessons/00000000-0000-4000-8000-000000000000/video", s.body, { "content-type": "video/mp4" });
    expect(res.status).toBe(401);
    expect(s.pulled()).toBeLessThan(16 * MB);
  });

  test("a support request without Content-Length is refused at once with a clear message", async () => {
    const s = streamed(200 * MB);
    const res = await post("/api/v1/support/requests", s.body, { "content-type": "multipart/form-data; boundary=x" }, owner);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(LENGTH_REQUIRED);
    expect(s.pulled()).toBeLessThan(16 * MB);
  });
});
