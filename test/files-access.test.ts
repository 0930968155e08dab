/**
 * GET /api/v1/files/{id} (issue 19): each purpose served only to those allowed, with SPEC §8's
 * statuses, and single byte ranges for <video>.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { academyCourses, academyLessonMaterials, academyLessons, academyModules, agents } from "../db/schema";
import { IMAGE_ERRORS } from "../src/schemas/account";
import { fileUrl } from "../src/schemas/files";
import { type StoredFileInput, saveStoredFile } from "../src/services/files/store";
import { invalidateAgent } from "../src/services/agent-cache";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { insertAgent, loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let admin: Client;
let anonymous: Client;
let workspaceId: string;

const LIMIT = { maxBytes: 10_000_000, message: "grande demais" };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function store(input: Partial<StoredFileInput> & Pick<StoredFileInput, "purpose">, bytes: Uint8Array = PNG) {
  return saveStoredFile(app.deps, { fileName: "foto.png", mimeType: "image/png", ...input }, bytes, LIMIT);
}

async function lesson(published: boolean) {
  const [course] = await app.deps.db.insert(academyCourses).values({ title: "Curso de arquivos", isPublished: published }).returning();
  const c = must(course, "course");
  const [mod] = await app.deps.db.insert(academyModules).values({ courseId: c.id, title: "Módulo" }).returning();
  const [row] = await app.deps.db
    .insert(academyLessons)
    .values({ moduleId: must(mod, "module").id, courseId: c.id, title: "Aula" })
    .returning();
  return must(row, "lesson").id;
}

const status = async (client: Client, id: string) => (await client.get(fileUrl(id))).status;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
  stranger = await registerUser(app);
  admin = (await loginAdmin(app)).client;
  anonymous = await new Client(app.base).warmUp();
  workspaceId = must(owner.user.currentWorkspaceId, "workspace");
}, 60_000);

afterAll(async () => {
  await app?.stop();
}, 30_000);

describe("[FILES] access by purpose", () => {
  test("a support attachment: its author and the admin; another user 403; anonymous 401", async () => {
    const file = await store({ purpose: "support", ownerUserId: owner.user.id, refId: "req" });
    expect(await status(owner.client, file.id)).toBe(200);
    expect(await status(admin, file.id)).toBe(200);
    const other = await stranger.client.get(fileUrl(file.id));
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(IMAGE_ERRORS.forbidden);
    const anon = await anonymous.get(fileUrl(file.id));
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe(IMAGE_ERRORS.unauthorized);
  });

  test("a chat image: members of its workspace and the admin, never another workspace", async () => {
    const file = await store({ purpose: "chat_image", workspaceId });
    expect(await status(owner.client, file.id)).toBe(200);
    expect(await status(admin, file.id)).toBe(200);
    expect(await status(stranger.client, file.id)).toBe(403);
    expect(await status(anonymous, file.id)).toBe(401);
  });

  test("an agent avatar is public while the agent is active; then only members and the admin", async () => {
    const agent = await insertAgent(app, workspaceId, owner.user.id, "Agente com foto");
    const file = await store({ purpose: "agent_avatar", workspaceId, agentId: agent.id });
    expect(await status(anonymous, file.id)).toBe(200);
    expect(await status(stranger.client, file.id)).toBe(200);
    await app.deps.db.update(agents).set({ isActive: false }).where(eq(agents.id, agent.id));
    invalidateAgent(agent.id);
    expect(await status(anonymous, file.id)).toBe(401);
    expect(await status(stranger.client, file.id)).toBe(403);
    expect(await status(owner.client, file.id)).toBe(200);
    expect(await status(admin, file.id)).toBe(200);
  });

  test("a lesson video of an unpublished course: the admin only", async () => {
    const lessonId = await lesson(false);
    const file = await store({ purpose: "lesson_video", refId: lessonId, fileName: "aula.mp4", mimeType: "video/mp4" });
    await app.deps.db.update(academyLessons).set({ videoFileId: file.id }).where(eq(academyLessons.id, lessonId));
    expect(await status(admin, file.id)).toBe(200);
    expect(await status(owner.client, file.id)).toBe(403);
    expect(await status(anonymous, file.id)).toBe(401);
  });

  test("a lesson video and material of a published public course: any signed-in user", async () => {
    const lessonId = await lesson(true);
    const video = await store({ purpose: "lesson_video", refId: lessonId, fileName: "aula.mp4", mimeType: "video/mp4" });
    await app.deps.db.update(academyLessons).set({ videoFileId: video.id }).where(eq(academyLessons.id, lessonId));
    const material = await store({ purpose: "lesson_material", refId: lessonId, fileName: "apostila.pdf", mimeType: "application/pdf" });
    await app.deps.db.insert(academyLessonMaterials).values({ lessonId, fileId: material.id, title: "Apostila" });
    expect(await status(stranger.client, video.id)).toBe(200);
    expect(await status(stranger.client, material.id)).toBe(200);
    expect(await status(anonymous, material.id)).toBe(401);
  });

  test("a missing file: 404 'Imagem não encontrada.' when signed in, 401 for anonymous", async () => {
    const missing = Bun.randomUUIDv7();
    const res = await owner.client.get(fileUrl(missing));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(IMAGE_ERRORS.notFound);
    expect((await owner.client.get(fileUrl("nao-e-um-id"))).status).toBe(404);
    expect(await status(anonymous, missing)).toBe(401);
  });
});

describe("[FILES] bytes, headers and ranges", () => {
  const bytes = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));
  let id = "";
  beforeAll(async () => {
    id = (await store({ purpose: "support", ownerUserId: owner.user.id, fileName: "gravação da tela.webm", mimeType: "video/webm" }, bytes)).id;
  });

  const raw = (headers: Record<string, string> = {}, method = "GET") =>
    owner.client.fetchWithJar(`${app.base}${fileUrl(id)}`, { method, headers });

  test("the whole file with its type, inline name, nosniff, private cache and ETag", async () => {
    const res = await raw();
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get("content-type")).toBe("video/webm");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toContain("private");
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="grava__o da tela.webm"; filename*=UTF-8''${encodeURIComponent("gravação da tela.webm")}`,
    );
    const etag = must(res.headers.get("etag"), "etag");
    expect((await raw({ "if-none-match": etag })).status).toBe(304);
  });

  test("If-None-Match is compared weakly and may list several tags or '*' (RFC 9110 §13.1.2)", async () => {
    const etag = must((await raw()).headers.get("etag"), "etag");
    // A proxy that compresses the body hands the browser W/"…"; the browser sends it back.
    expect((await raw({ "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await raw({ "if-none-match": `"outro", ${etag}` })).status).toBe(304);
    expect((await raw({ "if-none-match": "*" })).status).toBe(304);
    expect((await raw({ "if-none-match": '"outro"' })).status).toBe(200);
  });

  test("a single range answers 206 with that slice", async () => {
    const res = await raw({ range: "bytes=100-199" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes.slice(100, 200));
    const open = await raw({ range: "bytes=990-" });
    expect(open.status).toBe(206);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.slice(990));
    const suffix = await raw({ range: "bytes=-10" });
    expect(suffix.headers.get("content-range")).toBe("bytes 990-999/1000");
  });

  test("an unsatisfiable range answers 416 with the size", async () => {
    const res = await raw({ range: "bytes=5000-6000" });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */1000");
  });

  test("HEAD answers the headers without the body", async () => {
    const res = await raw({}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe("1000");
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  test("a type a browser could run is only ever downloaded", async () => {
    const html = await store({ purpose: "support", ownerUserId: owner.user.id, fileName: "pagina.html", mimeType: "text/html" });
    const res = await owner.client.fetchWithJar(`${app.base}${fileUrl(html.id)}`);
    expect(res.headers.get("content-disposition")).toStartWith("attachment;");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});
