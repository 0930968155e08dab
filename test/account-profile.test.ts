/** /account profile and avatar (issue 17): validation in pt-BR, audit lines, the resized picture and its protected path. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { userActivityLogs, userAvatars } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { type PublicUser, registerUser } from "./helpers/factories";
import { inviteMember } from "./helpers/training";

// Every login and password check is an argon2 hash: slow on the shared 2-core machine.
setDefaultTimeout(30_000);

let app: TestApp;
let owner: { client: Client; user: PublicUser };
beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app, { firstName: "Paula", lastName: "Reis" });
}, 30_000);
afterAll(() => app.stop());

const lastLine = async (userId: string, action: string) => {
  const [row] = await app.deps.db
    .select()
    .from(userActivityLogs)
    .where(and(eq(userActivityLogs.userId, userId), eq(userActivityLogs.action, action)))
    .orderBy(desc(userActivityLogs.createdAt))
    .limit(1);
  return row;
};

/** A real picture of w×h through Bun.Image (PNG). */
const png = (w: number, h: number) =>
  new Bun.Image(Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwnwEIGAEAJdUCAP+1zwQAAAAASUVORK5CYII="), (c) => c.charCodeAt(0)))
    .resize(w, h, { fit: "fill" })
    .png()
    .bytes();

async function upload(client: Client, bytes: Uint8Array | string, type: string, name = "foto.png") {
  const form = new FormData();
  form.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type }));
  const res = await client.fetchWithJar(`${app.base}/api/v1/account/avatar`, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as { data?: { avatarUrl: string }; error?: { message: string } } };
}

describe("[account] profile", () => {
  test("the profile changes, the session sees it at once and one audit line keeps old and new values", async () => {
    const res = await owner.client.trpc.account.updateProfile.mutate({
      firstName: "  Paula   Cristina ",
      lastName: "Reis Lima",
      phoneNumber: "+55 (21) 99876-5432",
      language: "es-ES",
    });
    expect(res.ok).toBe(true);
    expect(res.data.firstName).toBe("Paula Cristina");
    expect(res.data.phoneNumber).toBe("+5521998765432");
    const me = await owner.client.get<PublicUser & { language: string }>("/api/v1/auth/user");
    expect(me.data.lastName).toBe("Reis Lima");
    expect(me.data.language).toBe("es-ES");
    const line = must(await lastLine(owner.user.id, "account.profile_updated"), "audit line");
    expect(line.category).toBe("account");
    expect(line.oldValues).toEqual({ firstName: "Paula", lastName: "Reis", phoneNumber: "+5511987654321", language: "pt-BR" });
    expect(line.newValues).toEqual({ firstName: "Paula Cristina", lastName: "Reis Lima", phoneNumber: "+5521998765432", language: "es-ES" });
  });

  test("bad input is refused with the pt-BR message of the field", async () => {
    const base = { firstName: "Paula", lastName: "Reis", phoneNumber: "+55 (11) 98765-4321", language: "pt-BR" as const };
    const short = await owner.client.trpc.account.updateProfile.mutate({ ...base, firstName: "P" });
    expect(short.status).toBe(400);
    expect(short.error?.message).toBe("Nome deve ter pelo menos 2 caracteres");
    const phone = await owner.client.trpc.account.updateProfile.mutate({ ...base, phoneNumber: "+55 (11" });
    expect(phone.error?.message).toBe("Telefone deve ter DDD e número, ex.: +55 (11) 98765-4321");
    const lang = await owner.client.mutate("account.updateProfile", { ...base, language: "klingon" });
    expect(lang.error?.message).toBe("Idioma inválido");
    const anonymous = await (await new Client(app.base).warmUp()).trpc.account.get.query();
    expect(anonymous.status).toBe(401);
  });
});

describe("[account] avatar", () => {
  let member: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    member = await inviteMember(app, owner.client, {});
    stranger = await registerUser(app);
  });

  test("an upload is resized on the server to WebP with its short side at 256 px and shown in the profile", async () => {
    const res = await upload(owner.client, await png(1200, 800), "image/png");
    expect(res.status).toBe(201);
    const url = must(res.body.data?.avatarUrl, "avatarUrl");
    expect(url).toStartWith(`/api/v1/users/${owner.user.id}/avatar?v=`);
    const [row] = await app.deps.db.select().from(userAvatars).where(eq(userAvatars.userId, owner.user.id));
    const meta = await new Bun.Image(new Uint8Array(must(row).bytes)).metadata();
    expect(meta).toEqual({ width: 384, height: 256, format: "webp" });
    const account = await owner.client.trpc.account.get.query();
    expect(account.data.avatarUrl).toBe(url);
    const me = await owner.client.get<PublicUser>("/api/v1/auth/user");
    expect(me.data.profileImageUrl).toBe(url);
    expect(must(await lastLine(owner.user.id, "account.avatar_updated")).description).toBe("Foto de perfil atualizada");
  });

  test("the picture is served to its owner and to people sharing a workspace; others get the §8 errors", async () => {
    const path = `/api/v1/users/${owner.user.id}/avatar`;
    const mine = await owner.client.fetchWithJar(`${app.base}${path}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(mine.headers.get("cache-control")).toContain("private");
    expect((await new Bun.Image(new Uint8Array(await mine.arrayBuffer())).metadata()).format).toBe("webp");
    expect((await member.client.fetchWithJar(`${app.base}${path}`)).status).toBe(200);

    const foreign = await stranger.client.get(path);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe("Acesso negado. Você não tem permissão para acessar esta imagem.");
    const anonymous = await new Client(app.base).get(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe("Sessão expirada ou usuário não autenticado. Faça login novamente.");
    const none = await owner.client.get(`/api/v1/users/${member.user.id}/avatar`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe("Imagem não encontrada.");
  });

  test("a wrong type, an unreadable file and an oversized one are refused in pt-BR", async () => {
    const text = await upload(owner.client, "não é imagem", "text/plain", "nota.txt");
    expect(text.status).toBe(400);
    expect(text.body.error?.message).toBe("Formato não suportado. Envie uma imagem PNG, JPG, WEBP ou GIF.");
    const broken = await upload(owner.client, "garbage-bytes-not-a-png", "image/png");
    expect(broken.status).toBe(400);
    expect(broken.body.error?.message).toBe("Não foi possível ler a imagem. Envie outro arquivo PNG, JPG, WEBP ou GIF.");
    const big = await upload(owner.client, new Uint8Array(6 * 1024 * 1024), "image/png");
    expect(big.status).toBe(413);
    expect(big.body.error?.message).toBe("A imagem deve ter no máximo 5 MB.");
    // The picture stored before is untouched by the refusals.
    expect((await owner.client.fetchWithJar(`${app.base}/api/v1/users/${owner.user.id}/avatar`)).status).toBe(200);
  });

  test("removing the picture clears it everywhere", async () => {
    const res = await owner.client.trpc.account.removeAvatar.mutate();
    expect(res.ok).toBe(true);
    expect((await owner.client.get(`/api/v1/users/${owner.user.id}/avatar`)).status).toBe(404);
    expect((await owner.client.trpc.account.get.query()).data.avatarUrl).toBeNull();
    expect((await owner.client.get<PublicUser>("/api/v1/auth/user")).data.profileImageUrl).toBeNull();
    expect(await lastLine(owner.user.id, "account.avatar_removed")).toBeDefined();
  });
});
