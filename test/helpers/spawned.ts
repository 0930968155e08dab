/**
 * The real server as a separate process (bun src/server.ts) on a data dir that outlives it: for
 * crash tests (SIGKILL, then start again on the same file) and for bench/inbound.ts. Setup goes
 * through HTTP only, as an operator would: register, create the agent, grant credits as the admin,
 * connect WhatsApp Cloud.
 */
import { type Subprocess, spawn } from "bun";
import { createHmac } from "node:crypto";
import { resolve } from "node:path";
import { Client } from "./client";

const ROOT = resolve(import.meta.dir, "../..");
export const SPAWN_ADMIN = { email: "crash-admin@atenda.test", password: "crash-admin-123" };
/** The access token setupWhatsAppAgent connects with: register the number with it on the Graph fake first. */
export const SPAWN_WA_TOKEN = "EAAG-crash";

export type SpawnedServer = { base: string; proc: Subprocess; stop: (signal?: "SIGKILL" | "SIGTERM") => Promise<void> };

/** The environment of a spawned `bun src/server.ts` (nothing inherited but PATH and HOME). */
export function spawnEnv(dataDir: string, port: number, env: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: SPAWN_ADMIN.email,
    ADMIN_PASSWORD: SPAWN_ADMIN.password,
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    ...env,
  };
}

export async function spawnServer(dataDir: string, port: number, env: Record<string, string>): Promise<SpawnedServer> {
  const proc = spawn([process.execPath, "src/server.ts"], {
    cwd: ROOT,
    env: spawnEnv(dataDir, port, env),
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false)) {
      return {
        base,
        proc,
        async stop(signal = "SIGTERM") {
          proc.kill(signal);
          await proc.exited;
        },
      };
    }
    await Bun.sleep(100);
  }
  proc.kill("SIGKILL");
  throw new Error("spawned server did not become healthy");
}

export type WhatsAppSetup = { agentId: string; workspaceId: string; phoneNumberId: string; appSecret: string };

/** Owner + agent (answers at once) + credits + a WhatsApp Cloud connection, all over HTTP. */
export async function setupWhatsAppAgent(base: string, opts: { phoneNumberId: string; appSecret: string }): Promise<WhatsAppSetup> {
  const owner = await new Client(base).warmUp();
  const email = `dono.${Date.now().toString(36)}@exemplo.com.br`;
  const reg = await owner.post<{ user: { currentWorkspaceId: string } }>("/api/v1/auth/register", {
    email,
    phoneNumber: "+55 (11) 98765-4321",
    firstName: "Dona",
    lastName: "Loja",
    password: "senha-segura-1",
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  const workspaceId = reg.data.user.currentWorkspaceId;
  const agent = await owner.post<{ id: string; conversationSettings: Record<string, unknown> }>("/api/v1/agents", { name: "Ana", activity: "Atendimento" });
  if (agent.status !== 201) throw new Error(`agent: ${agent.status}`);
  const patched = await owner.request("PATCH", `/api/v1/agents/${agent.data.id}`, {
    body: { conversationSettings: { ...agent.data.conversationSettings, responseTime: 0 } },
  });
  if (patched.status !== 200) throw new Error(`agent patch: ${patched.status} ${JSON.stringify(patched.body)}`);
  const admin = await new Client(base).warmUp();
  const login = await admin.post("/api/v1/auth/login", { ...SPAWN_ADMIN, rememberMe: false });
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
  const grant = await admin.post("/api/v1/admin/credits/grant", { workspaceId, amount: 100_000, reason: "Créditos para o teste de queda" });
  if (grant.status !== 200) throw new Error(`grant: ${grant.status} ${JSON.stringify(grant.body)}`);
  const conn = await owner.trpc.channels.connectWhatsApp.mutate({
    agentId: agent.data.id,
    config: { accessToken: SPAWN_WA_TOKEN, appSecret: opts.appSecret, phoneNumberId: opts.phoneNumberId, businessAccountId: "waba-crash", webhookVerifyToken: "crash-verify" },
  });
  if (!conn.ok) throw new Error(`connect: ${JSON.stringify(conn.error)}`);
  return { agentId: agent.data.id, workspaceId, ...opts };
}

/** A signed WhatsApp delivery of one text message (protocols.md §1.4–1.5). */
export function signedWhatsAppDelivery(setup: Pick<WhatsAppSetup, "phoneNumberId" | "appSecret">, from: string, id: string, text: string) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "5511000000000", phone_number_id: setup.phoneNumberId },
              contacts: [{ profile: { name: "Cliente" }, wa_id: from }],
              messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  return { body, signature: `sha256=${createHmac("sha256", setup.appSecret).update(body).digest("hex")}` };
}
