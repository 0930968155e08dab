/**
 * Issue 11 #14: small leaks. Mail links never reach the log; the database files are private to
 * the server's user; a public-chat image must be real base64 of the image type it claims.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { setLogLevel } from "../src/lib/logger";
import { startFakeOpenAi } from "./fakes/openai";
import { type TestApp, startTestApp } from "./helpers/app";
import { type AgentRow, PNG_DATA_URL, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { Client } from "./helpers/client";
import { mailedToken, registerUser, uniqueEmail } from "./helpers/factories";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let agent: AgentRow;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  await setWallet(app, o.workspaceId, { regular: 100_000 });
}, 30_000);
afterAll(async () => {
  await app.stop();
  fake.stop();
});

describe("[hardening] mail links stay out of the log without SMTP", () => {
  test("verification, reset and invitation mails log recipient and subject, never the link or token", async () => {
    const lines: string[] = [];
    const spy = spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
    setLogLevel("info");
    try {
      const owner = await registerUser(app, { firstName: "Ana" });
      const forgot = await new Client(app.base).warmUp();
      expect((await forgot.post("/api/v1/auth/forgot-password", { email: owner.email })).status).toBe(200);
      const invitee = uniqueEmail("convidado");
      expect((await owner.client.trpc.workspaces.members.invite.mutate({ email: invitee, role: "member", permissions: {} })).ok).toBe(true);

      const tokens = [
        await mailedToken(app, owner.email, "/verify-email"),
        await mailedToken(app, owner.email, "/reset-password"),
        await mailedToken(app, invitee, "/convite"),
      ];
      const outboxLines = lines.filter((l) => l.includes("outbox"));
      expect(outboxLines.length).toBe(3);
      expect(outboxLines.filter((l) => l.includes(owner.email))).toHaveLength(2);
      expect(outboxLines.some((l) => l.includes(invitee) && l.includes("Workspace de Ana"))).toBe(true);
      for (const line of lines) {
        for (const token of tokens) expect(line).not.toContain(token);
        expect(line).not.toContain("token=");
      }
    } finally {
      setLogLevel("silent");
      spy.mockRestore();
    }
  });
});

describe("[hardening] database files are private", () => {
  test("atenda.db, its -wal and -shm are created 0600", async () => {
    const dir = app.deps.env.DATA_DIR;
    for (const name of ["atenda.db", "atenda.db-wal", "atenda.db-shm"]) {
      expect({ name, mode: (statSync(join(dir, name)).mode & 0o777).toString(8) }).toEqual({ name, mode: "600" });
    }
  });
});

describe("[hardening] public-chat images are checked before the model sees them", () => {
  const png = Buffer.from(PNG_DATA_URL.slice(PNG_DATA_URL.indexOf(",") + 1), "base64");
  const bad: [string, string][] = [
    ["not base64", "data:image/png;base64,@@@"],
    ["base64 with a stray character", `data:image/png;base64,${png.toString("base64").slice(0, 16)}*${png.toString("base64").slice(16)}`],
    ["base64 of the wrong length", `data:image/png;base64,${png.toString("base64").replace(/=+$/, "")}A`],
    ["text claiming to be a PNG", `data:image/png;base64,${Buffer.from("isto não é uma imagem").toString("base64")}`],
    ["a PNG claiming to be a JPEG", `data:image/jpeg;base64,${png.toString("base64")}`],
    ["an SVG (scripts, not a photo)", `data:image/svg+xml;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64")}`],
    ["empty", "data:image/png;base64,"],
  ];
  for (const [what, imageData] of bad) {
    test(`${what} → 400 in pt-BR and no model call`, async () => {
      const before = fake.chatRequests().length;
      const res = await chat(app, agent.id, { message: "O que tem nesta foto?", imageData });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION");
      expect(res.body.error?.message).toMatch(/^(Imagem inválida|Apenas imagens são aceitas)/);
      expect(fake.chatRequests().length).toBe(before);
    });
  }

  test("real PNG, JPEG, GIF and WebP images are accepted", async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.from([26, 0, 0, 0]), Buffer.from("WEBPVP8L"), Buffer.alloc(14)]);
    for (const imageData of [PNG_DATA_URL, `data:image/jpeg;base64,${jpeg.toString("base64")}`, `data:image/gif;base64,${gif.toString("base64")}`, `data:image/webp;base64,${webp.toString("base64")}`]) {
      const before = fake.chatRequests().length;
      const res = await chat(app, agent.id, { message: "O que tem nesta foto?", imageData });
      expect({ imageData: imageData.slice(0, 20), status: res.status }).toEqual({ imageData: imageData.slice(0, 20), status: 200 });
      expect(fake.chatRequests().length).toBe(before + 1);
    }
  });
});
