/**
 * The public chat's image in the inbox (issue 19): the visitor's photo is kept as the workspace's
 * chat_image, shown in the thread through GET /api/v1/files/{id} to members only, and a turn that
 * stores no message leaves no file behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { messages, storedFiles } from "../db/schema";
import { publicMessage } from "../src/services/conversation-view";
import { startFakeOpenAi } from "./fakes/openai";
import { PNG_DATA_URL, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { registerUser } from "./helpers/factories";

let app: TestApp;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  fake?.stop();
}, 30_000);

const imageMessages = async (workspaceId: string) =>
  (await app.deps.db.select().from(messages).where(eq(messages.workspaceId, workspaceId))).filter((m) => m.messageType === "image");
const chatImages = (workspaceId: string) =>
  app.deps.db.select().from(storedFiles).where(and(eq(storedFiles.workspaceId, workspaceId), eq(storedFiles.purpose, "chat_image")));

describe("[FILES] the visitor's image in the inbox", () => {
  test("kept as a chat_image, its URL kept in the thread, served to members and not to another workspace", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 100_000 });
    const res = await chat(app, o.agent.id, { message: "Tem esta cor?", imageData: PNG_DATA_URL, sessionId: "sessao-imagem" });
    expect(res.status).toBe(200);
    const [message] = await imageMessages(o.workspaceId);
    const url = must(publicMessage(must(message, "image message")).attachments[0]?.url, "attachment url");
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);

    const served = await o.client.fetchWithJar(`${app.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const sentBytes = Buffer.from(PNG_DATA_URL.slice(PNG_DATA_URL.indexOf(",") + 1), "base64");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(sentBytes);

    const other = await registerUser(app);
    expect((await other.client.get(url)).status).toBe(403);
    expect((await new Client(app.base).get(url)).status).toBe(401);
  });

  test("a turn refused for lack of credits keeps files and messages in step (no orphan image)", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 0 });
    await chat(app, o.agent.id, { message: "E esta?", imageData: PNG_DATA_URL, sessionId: "sessao-sem-credito" });
    const urls = (await imageMessages(o.workspaceId)).flatMap((m) => (m.attachments ?? []).map((a) => a.url));
    const files = await chatImages(o.workspaceId);
    expect(files.map((f) => `/api/v1/files/${f.id}`).sort()).toEqual(urls.filter((u): u is string => !!u).sort());
  });
});
