import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { apiClient, arrangeAgent, expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { e2ePort } from "./support/fakes-config";

/** A 2×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwnwEIGAEAJdUCAP+1zwQAAAAASUVORK5CYII=", "base64");

/** The e2e server's data dir (playwright.config.ts), when this run started it. */
const DATA_DIR = process.env.E2E_BASE_URL ? null : join(".tmp", `e2e-data-${e2ePort()}`);

/** Removes a stored file's bytes (its row stays): the file route then answers 404. */
function dropStoredBytes(fileId: string) {
  if (!DATA_DIR) return false;
  const root = join(DATA_DIR, "files");
  for (const month of readdirSync(root)) rmSync(join(root, month, fileId), { force: true });
  return true;
}

test.describe("Imagens protegidas", () => {
  test("[PROTECTED IMAGES]: the avatar and an inbox image load through the shared loader; a missing one says 'Imagem não encontrada.'", async ({
    page,
    signedIn,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const { api } = await loggedInApi(base, signedIn);
    const csrf = (await api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
    const upload = await api.post("/api/v1/account/avatar", {
      headers: { "x-csrf-token": csrf },
      multipart: { file: { name: "foto.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    // A visitor of the public chat sends a photo: the inbox keeps it as the workspace's file.
    const agent = await arrangeAgent(base, signedIn, { name: "Íris", activity: "Ótica" });
    const visitor = await apiClient(base);
    const sent = await visitor.api.post(`/api/v1/agents/${agent.id}/chat-external`, {
      headers: { "x-csrf-token": await visitor.csrf() },
      data: { message: "Esta armação tem em preto?", imageData: `data:image/png;base64,${PNG.toString("base64")}`, sessionId: "web-imagens-protegidas" },
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
    await visitor.api.dispose();

    const avatarFetch = page.waitForRequest((r) => /\/api\/v1\/users\/[0-9a-f-]+\/avatar/.test(r.url()) && r.resourceType() === "fetch");
    await page.goto("/conversations");
    await avatarFetch;
    const avatar = page.getByRole("button", { name: /Menu do usuário/ }).locator("img");
    await expect(avatar).toHaveAttribute("src", /^blob:/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole("button", { name: /Visitante do chat web/ }).click();
    const photo = page.getByRole("img", { name: "Imagem" });
    await expect(photo).toHaveAttribute("src", /^blob:/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, "conversas com imagem protegida");

    // The bytes go missing (a restored backup): the same message now says so, in place of the photo.
    const href = (await page.getByRole("link").filter({ has: photo }).getAttribute("href")) ?? "";
    const fileId = href.split("/").pop() ?? "";
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    test.skip(!dropStoredBytes(fileId), "the server's data dir is not on this machine");
    await page.reload();
    await page.getByRole("button", { name: /Visitante do chat web/ }).click();
    await expect(page.getByText("Imagem não encontrada.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Imagem" })).toHaveCount(0);
  });
});
