/**
 * Memory tests (issue 18): one customer on Telegram and then on own-server WhatsApp (UAZAPI),
 * linked to one CRM contact the CRM's way (the Telegram identity, then the phone a person saved
 * on the contact, which the WhatsApp conversation matches).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { contactMemories, conversationContacts, conversationSummaries, conversations, jobs } from "../../db/schema";
import { startFakeOpenAi } from "../fakes/openai";
import { startFakeTelegram } from "../fakes/telegram";
import { startFakeUazapi, webhookPayload } from "../fakes/uazapi";
import { answerAtOnce, enableAiFeatures, ownerWithAgent, setWallet } from "./agents";
import { type TestApp, startTestApp } from "./app";
import { connectTelegramBot, telegramCustomer } from "./channels";
import { eventually } from "./training";

const UAZ_ADMIN = "admin-memoria";
let botSeq = 0;

export async function startMemoryWorld(opts: { online: boolean }) {
  const openai = opts.online ? await startFakeOpenAi() : null;
  const botToken = `${616_000 + ++botSeq}:memoria`;
  const tg = await startFakeTelegram({ tokens: { [botToken]: { id: 616_000 + botSeq, username: "memoria_bot" } } });
  const uaz = await startFakeUazapi({ adminToken: UAZ_ADMIN });
  const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;
  // The pipeline runs in the job Worker, which reads the allow-list from its environment.
  process.env.ATENDA_SAFE_FETCH_ALLOW = new URL(uaz.url).host;
  const app: TestApp = await startTestApp({
    ...(openai ? { OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url } : {}),
    TELEGRAM_API_BASE: tg.url,
    CHANNEL_BURST_WINDOW_MS: "50",
  });
  const owner = await ownerWithAgent(app);
  await setWallet(app, owner.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, owner.agent.id);
  await enableAiFeatures(owner.client, owner.agent.id);
  const bot = await connectTelegramBot(app, owner.client, owner.agent.id, botToken);
  const u = await owner.client.trpc.channels.connectUazapi.mutate({ agentId: owner.agent.id, serverUrl: uaz.url, adminToken: UAZ_ADMIN, instanceName: "memoria" });
  if (!u.ok) throw new Error(JSON.stringify(u.error));
  const uazToken = [...uaz.instances.values()][0]?.token ?? "";
  uaz.pair(uazToken, "5511900000777");

  const uazSay = async (phone: string, text: string, name = "Cliente") => {
    const hook = new URL(String(uaz.instances.get(uazToken)?.webhook?.url)).pathname;
    const res = await fetch(`${app.base}${hook}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(webhookPayload({ token: uazToken, phone, text, name })) });
    if (res.status !== 200) throw new Error(`uazapi webhook answered ${res.status}`);
  };
  const uazConversation = (phone: string) =>
    eventually(async () => (await app.deps.db.select().from(conversations).where(and(eq(conversations.connectionId, String(u.data.id)), eq(conversations.contactKey, phone))))[0]);
  const contactOf = (conversationId: string) =>
    eventually(async () => (await app.deps.db.select().from(conversationContacts).where(eq(conversationContacts.conversationId, conversationId)))[0]?.contactId);
  const memoriesOf = (contactId: string) => app.deps.db.select().from(contactMemories).where(eq(contactMemories.contactId, contactId)).orderBy(asc(contactMemories.createdAt));
  const summariesOf = (conversationId: string) => app.deps.db.select().from(conversationSummaries).where(eq(conversationSummaries.conversationId, conversationId));
  /** A conversation's jobs of one type (a claim releases the dedupe key, so by the data). */
  const jobsOf = (type: string, conversationId: string) =>
    app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, type), sql`json_extract(${jobs.data}, '$.conversationId') = ${conversationId}`))
      .orderBy(asc(jobs.createdAt));
  const stop = async () => {
    await app.stop();
    openai?.stop();
    tg.stop();
    uaz.stop();
    if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
    else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
  };
  return { app, openai, tg, owner, telegram: (name?: string) => telegramCustomer(app, tg, bot, name), uazSay, uazConversation, contactOf, memoriesOf, summariesOf, jobsOf, stop };
}
export type MemoryWorld = Awaited<ReturnType<typeof startMemoryWorld>>;
