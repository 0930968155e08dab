/**
 * Support requests (issue 19 H5): POST /api/v1/support/requests takes the bug report's multipart
 * body, checks every file on the server (count, type by bytes, size) and keeps the files private to
 * their author and the admins; Meus chamados shows only one's own requests; the admin's answer
 * reaches the user by e-mail and in the thread, and the admin's filters narrow the list.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { storedFiles } from "../db/schema";
import { SUPPORT_ERRORS } from "../src/schemas/support";
import { SUPPORT_REQUESTS_PER_HOUR } from "../src/services/support/create";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { loginAdmin, outbox, registerUser } from "./helpers/factories";

let app: TestApp;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  ({ client: admin } = await loginAdmin(app));
}, 30_000);
afterAll(() => app.stop(), 30_000);

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwnwEIGAEAJdUCAP+1zwQAAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

type Fields = Record<string, string>;
function form(fields: Fields, files: File[] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const f of files) body.append("attachments", f);
  return body;
}

async function send(client: Client, body: FormData, headers: Record<string, string> = {}) {
  const res = await client.fetchWithJar(`${app.base}/api/v1/support/requests`, { method: "POST", body, headers });
  return { status: res.status, body: (await res.json()) as { message?: string; data?: { id: string }; error?: { code: string; message: string } } };
}

type Mine = { items: { id: string; subject: string; status: string; attachmentCount: number; lastReplyBy: string | null }[]; total: number };
type Detail = { id: string; status: string; subject: string; attachments: { id: string; fileName: string; mimeType: string; url: string }[]; messages: { authorRole: string; body: string }[] };

describe("POST /api/v1/support/requests", () => {
  test("a bug report with a screenshot and a recording is stored, answered with its number, and listed in Meus chamados", async () => {
    const { client, user } = await registerUser(app);
    const res = await send(
      client,
      form({ type: "bug", description: "O botão Salvar não responde.", priority: "medium", pageUrl: "http://localhost/agents", appVersion: "1.9.0" }, [
        new File([PNG], "../../tela inicial<1>.png", { type: "image/png" }),
        new File([WEBM], "screen-recording.webm", { type: "video/webm" }),
      ]),
      { "user-agent": "Mozilla/5.0 Teste" },
    );
    expect(res.status).toBe(201);
    const id = must(res.body.data?.id, "request id");
    expect(res.body.message).toBe(`Recebemos seu chamado #${id.slice(-6).toUpperCase()}. Nossa equipe responde por e-mail e em Meus chamados.`);

    const mine = await client.trpc.support.list.query({ page: 1, pageSize: 20 });
    const row = (mine.data as Mine).items.find((i) => i.id === id);
    expect(row).toMatchObject({ subject: "Bug report", status: "open", attachmentCount: 2 });
    // Meus chamados searches the subject and the description (accents as typed, case ignored).
    const found = (await client.trpc.support.list.query({ page: 1, pageSize: 20, q: "BOTÃO salvar" })).data as Mine;
    expect(found.items.map((i) => i.id)).toEqual([id]);
    const none = (await client.trpc.support.list.query({ page: 1, pageSize: 20, q: "50%_off" })).data as Mine;
    expect(none.total).toBe(0);

    const detail = (await client.trpc.support.get.query({ id })).data as Detail;
    expect(detail.attachments.map((a) => a.fileName).sort()).toEqual(["screen-recording.webm", "tela inicial_1_.png"]);
    const video = must(detail.attachments.find((a) => a.mimeType === "video/webm"), "video");
    const served = await client.fetchWithJar(`${app.base}${video.url}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(WEBM);

    // The admin sees where it came from: the page, the browser, the version and the user's current workspace.
    const seen = (await admin.trpc.adminSupport.get.query({ id })).data as { userAgent: string; appVersion: string; pageUrl: string; workspace: { id: string } | null };
    expect(seen).toMatchObject({ userAgent: "Mozilla/5.0 Teste", appVersion: "1.9.0", pageUrl: "http://localhost/agents", workspace: { id: must(user.currentWorkspaceId, "workspace") } });
  });

  test("a recording over 10 MB is accepted (its limit is 100 MB); a .txt without a declared type is known by its extension", async () => {
    const { client } = await registerUser(app);
    const video = new Uint8Array(11 * 1024 * 1024);
    video.set(WEBM);
    const res = await send(
      client,
      form({ type: "question", subject: "Vídeo longo", description: "Gravei a tela." }, [
        new File([video], "screen-recording.webm", { type: "video/webm" }),
        new File(["passo 1, passo 2"], "passos.txt", { type: "" }),
      ]),
    );
    expect(res.status).toBe(201);
    const detail = (await client.trpc.support.get.query({ id: must(res.body.data?.id, "id") })).data as Detail;
    expect(detail.subject).toBe("Vídeo longo");
    expect(detail.attachments.map((a) => a.mimeType).sort()).toEqual(["text/plain", "video/webm"]);
  }, 30_000);

  test("an eleventh request within the hour is refused (429) with a pt-BR message; refused ones do not count", async () => {
    const { client } = await registerUser(app);
    // A refused file does not spend the budget.
    expect((await send(client, form({ description: "Arquivo ruim." }, [new File(["MZ"], "a.exe", { type: "application/x-msdownload" })]))).status).toBe(400);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) expect((await send(client, form({ description: `Pedido ${i}.` }))).status).toBe(201);
    const over = await send(client, form({ description: "Mais um." }));
    expect(over.status).toBe(429);
    expect(over.body.error?.message).toBe("Você abriu muitos chamados na última hora. Aguarde um pouco e tente de novo.");
  }, 30_000);

  test("an empty file field (no file chosen, sent with filename=\"\") is no attachment; an unnamed file is refused, never a 500", async () => {
    const { client } = await registerUser(app);
    const none = await send(client, form({ description: "Sem anexo escolhido." }, [new File([], "", { type: "" })]));
    expect(none.status).toBe(201);
    const detail = (await client.trpc.support.get.query({ id: must(none.body.data?.id, "id") })).data as Detail;
    expect(detail.attachments).toEqual([]);
    const unnamed = await send(client, form({ description: "Anexo sem nome." }, [new File(["MZ"], "", { type: "" })]));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error?.message).toBe(SUPPORT_ERRORS.fileType("arquivo"));
  });

  test("without a session: 401 and nothing stored", async () => {
    const anonymous = await new Client(app.base).warmUp();
    const res = await send(anonymous, form({ description: "Sem sessão." }));
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("UNAUTHORIZED");
  });

  test("refuses a missing description, too many files, a forbidden type, a disguised file and a file over 10 MB, keeping nothing", async () => {
    const { client, user } = await registerUser(app);
    const before = await app.deps.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.ownerUserId, user.id));

    const empty = await send(client, form({ type: "bug", description: "   " }));
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe(SUPPORT_ERRORS.description);

    const six = Array.from({ length: 6 }, (_, i) => new File([PNG], `tela-${i}.png`, { type: "image/png" }));
    const tooMany = await send(client, form({ description: "Seis prints." }, six));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toBe(SUPPORT_ERRORS.tooMany);

    const exe = await send(client, form({ description: "Um programa." }, [new File(["MZ\x90\x00"], "setup.exe", { type: "application/x-msdownload" })]));
    expect(exe.status).toBe(400);
    expect(exe.body.error?.message).toBe(SUPPORT_ERRORS.fileType("setup.exe"));

    // An executable renamed to .png and sent as image/png: its bytes give it away.
    const disguised = await send(client, form({ description: "Print disfarçado." }, [new File(["MZ\x90\x00\x03\x00\x00\x00"], "print.png", { type: "image/png" })]));
    expect(disguised.status).toBe(400);
    expect(disguised.body.error?.message).toBe(SUPPORT_ERRORS.fileType("print.png"));

    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const tooLarge = await send(client, form({ description: "PDF grande." }, [new File([big], "manual.pdf", { type: "application/pdf" })]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error?.message).toBe(SUPPORT_ERRORS.fileTooLarge("manual.pdf"));

    const after = await app.deps.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.ownerUserId, user.id));
    expect(after.length).toBe(before.length);
    expect(((await client.trpc.support.list.query({ page: 1, pageSize: 20 })).data as Mine).total).toBe(0);
  }, 30_000);
});

describe("privacy", () => {
  test("another user (of another workspace) neither reads the request nor downloads its files; the admin does", async () => {
    const { client: owner } = await registerUser(app);
    const { client: other } = await registerUser(app);
    const res = await send(owner, form({ type: "question", subject: "Meu contrato", description: "Segue o contrato." }, [new File(["%PDF-1.4\n%%EOF"], "contrato.pdf", { type: "application/pdf" })]));
    const id = must(res.body.data?.id, "request id");
    const detail = (await owner.trpc.support.get.query({ id })).data as Detail;
    const url = must(detail.attachments[0], "attachment").url;

    const peek = await other.trpc.support.get.query({ id });
    expect(peek.error?.code).toBe("NOT_FOUND");
    expect(peek.error?.message).toBe(SUPPORT_ERRORS.notFound);
    expect((await other.trpc.support.reply.mutate({ id, body: "Intruso." })).error?.code).toBe("NOT_FOUND");
    expect((await other.trpc.support.close.mutate({ id })).error?.code).toBe("NOT_FOUND");
    expect([403, 404]).toContain((await other.fetchWithJar(`${app.base}${url}`)).status);
    expect((await new Client(app.base).fetchWithJar(`${app.base}${url}`)).status).toBe(401);
    expect((await admin.fetchWithJar(`${app.base}${url}`)).status).toBe(200);
    // The intruder's calls changed nothing.
    expect(((await owner.trpc.support.get.query({ id })).data as Detail).messages).toEqual([]);
    expect(((await owner.trpc.support.get.query({ id })).data as Detail).status).toBe("open");
  });
});

describe("the conversation", () => {
  test("the admin's reply mails the user and shows in Meus chamados; the user's reply on a resolved request reopens it", async () => {
    const { client, email } = await registerUser(app, { firstName: "Carla" });
    const res = await send(client, form({ type: "billing", subject: "Cobrança em dobro", description: "Fui cobrada duas vezes em março." }));
    const id = must(res.body.data?.id, "request id");

    const reply = await admin.trpc.adminSupport.reply.mutate({ id, body: "Estornamos a segunda cobrança.", status: "resolved" });
    expect(reply.ok).toBe(true);
    const mail = must((await outbox(app, email)).find((m) => m.template === "support-reply"), "support-reply mail");
    expect(mail.subject).toBe("Resposta ao seu chamado: Cobrança em dobro");
    expect(mail.text).toContain("Estornamos a segunda cobrança.");
    expect(mail.text).toContain(`/meus-chamados/${id}`);
    expect(mail.text).toContain("Resolvido");

    const seen = (await client.trpc.support.get.query({ id })).data as Detail;
    expect(seen.status).toBe("resolved");
    expect(seen.messages).toMatchObject([{ authorRole: "admin", body: "Estornamos a segunda cobrança." }]);

    await client.trpc.support.reply.mutate({ id, body: "Ainda aparece no extrato." });
    const reopened = (await client.trpc.support.get.query({ id })).data as Detail;
    expect(reopened.status).toBe("open");
    expect(reopened.messages.map((m) => m.authorRole)).toEqual(["admin", "user"]);

    await client.trpc.support.close.mutate({ id });
    expect(((await client.trpc.support.get.query({ id })).data as Detail).status).toBe("closed");
  });

  test("non-admins are refused adminSupport.*", async () => {
    const { client } = await registerUser(app);
    expect((await client.trpc.adminSupport.list.query({ page: 1, pageSize: 20 })).error?.code).toBe("FORBIDDEN");
  });
});

describe("admin filters", () => {
  test("type, status, priority and search narrow the list; the counts per status follow the other filters", async () => {
    const { client } = await registerUser(app, { firstName: "Filtro" });
    const tag = `zeta${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (const [type, priority] of [
      ["bug", "high"],
      ["question", "low"],
      ["feature", "high"],
    ] as const) {
      const r = await send(client, form({ type, priority, subject: `${tag} ${type}`, description: `Pedido ${type}.` }));
      ids.push(must(r.body.data?.id, "id"));
    }
    await admin.trpc.adminSupport.setStatus.mutate({ id: must(ids[2], "feature id"), status: "in_progress" });
    await admin.trpc.adminSupport.setPriority.mutate({ id: must(ids[1], "question id"), priority: "urgent" });

    type AdminList = { items: { id: string; type: string; priority: string; status: string }[]; total: number; counts: Record<string, number> };
    const list = async (filters: Record<string, string>) => (await admin.trpc.adminSupport.list.query({ page: 1, pageSize: 20, q: tag, ...filters })).data as AdminList;

    expect((await list({})).total).toBe(3);
    expect((await list({ type: "bug" })).items.map((i) => i.id)).toEqual([must(ids[0], "bug id")]);
    expect((await list({ priority: "urgent" })).items.map((i) => i.id)).toEqual([must(ids[1], "question id")]);
    const open = await list({ status: "open" });
    expect(open.total).toBe(2);
    expect(open.counts).toEqual({ open: 2, in_progress: 1, resolved: 0, closed: 0 });
    expect((await list({ status: "in_progress" })).items.map((i) => i.type)).toEqual(["feature"]);
    expect((await admin.trpc.adminSupport.list.query({ page: 1, pageSize: 20, q: "nada-parecido-com-isso" })).data).toMatchObject({ total: 0 });
  });
});
