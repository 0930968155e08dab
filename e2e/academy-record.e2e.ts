import type { APIRequestContext } from "@playwright/test";
import config from "../playwright.config";
import { ADMIN, expect, loggedInApi, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

// Chromium's fake capture: getDisplayMedia is granted without the picker and records a generated
// screen; the fake microphone is a beep.
const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--auto-accept-this-tab-capture", "--auto-select-desktop-capture-source=Entire screen"],
  },
});

/** An admin tRPC mutation through the API (superjson body), answering the decoded data. */
async function mutate<T>(api: APIRequestContext, csrf: string, path: string, input: unknown): Promise<T> {
  const res = await api.post(`/trpc/${path}`, { headers: { "x-csrf-token": csrf }, data: { json: input } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** A draft course with one module, made by the admin through the API. */
async function arrangeCourse(baseURL: string, title: string) {
  const { api } = await loggedInApi(baseURL, ADMIN);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
  const course = await mutate<{ id: string }>(api, csrf, "adminAcademy.courses.create", { title });
  await mutate(api, csrf, "adminAcademy.modules.create", { courseId: course.id, title: "Gravações" });
  await api.dispose();
  return course.id;
}

test.describe("[ACADEMY RECORD]", () => {
  test("[ACADEMY RECORD]: record the screen with the microphone, preview, save as a lesson, and it becomes ready with its duration", async ({ page, baseURL }) => {
    const title = `Curso gravado ${Date.now().toString(36)}`;
    const courseId = await arrangeCourse(baseURL ?? "", title);
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/academy/record");
    await expect(page.getByRole("heading", { level: 1, name: "Gravação de aulas" })).toBeVisible();
    await expect(page.getByLabel("Modelo", { exact: true })).toHaveValue(/.+/);
    await expect(page.getByLabel("Modelo", { exact: true }).locator("option:checked")).toHaveText("Full HD 1920×1080 · 30 fps");
    await page.getByLabel("Modelo", { exact: true }).selectOption({ label: "HD 1280×720 · 30 fps" });
    await expect(page.getByRole("checkbox", { name: "Gravar o microfone" })).toBeChecked();
    await expectAccessible(page, "gravação de aulas");

    await page.getByRole("button", { name: "Iniciar gravação" }).click();
    await expect(page.getByRole("button", { name: "Parar" })).toBeVisible();
    await expect(page.getByRole("timer", { name: "Tempo de gravação" })).toHaveText("00:03", { timeout: 10_000 });
    await expectAccessible(page, "gravando");
    await page.getByRole("button", { name: "Parar" }).click();

    const preview = page.getByLabel("Prévia da gravação");
    await expect(preview).toBeVisible();
    await expect(page.getByText(/Duração 00:\d\d · \d+ KB/)).toBeVisible();
    // Not saved yet: leaving asks first, and staying keeps the recording.
    await page.locator("p", { hasText: "/ Gravação" }).getByRole("link", { name: "Academy" }).click();
    const leave = page.getByRole("dialog", { name: "Sair sem salvar a gravação?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Continuar aqui" }).click();
    await expect(page).toHaveURL(/\/admin\/academy\/record$/);
    await expect(preview).toBeVisible();

    await page.getByLabel("Curso").selectOption({ label: `${title} (rascunho)` });
    await expect(page.getByLabel("Módulo")).toHaveValue(/.+/);
    await page.getByLabel("Título da aula").fill("Tour pelo painel");
    await page.getByRole("button", { name: "Salvar como aula" }).click();
    await expect(page.getByRole("progressbar", { name: "Progresso do envio da gravação" })).toHaveAttribute("value", "100");
    await expect(page.getByText("Aula salva: Tour pelo painel")).toBeVisible();
    await expect(page.getByText(/Vídeo: Pronto · duração 0:(0[3-9]|[1-5]\d)/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("link", { name: "Abrir no editor do curso" })).toHaveAttribute("href", `/admin/academy/cursos/${courseId}`);
    await expectAccessible(page, "aula salva");
    // Saved: the page lets go without asking.
    await page.getByRole("link", { name: "Abrir no editor do curso" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/academy/cursos/${courseId}$`));
  });

  test("[ACADEMY RECORD]: manage the recording templates (create one, then delete it after confirming)", async ({ page }) => {
    const name = `Tela 800×600 ${Date.now().toString(36)}`;
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/academy/record");
    await page.getByRole("button", { name: "Gerenciar modelos" }).click();
    const dialog = page.getByRole("dialog", { name: "Modelos de gravação" });
    await expect(dialog.getByText("Full HD 1920×1080 · 30 fps")).toBeVisible();
    await dialog.getByRole("button", { name: "Novo modelo" }).click();
    await dialog.getByLabel("Nome do modelo").fill(name);
    await dialog.getByLabel("Largura").fill("800");
    await dialog.getByLabel("Altura").fill("600");
    await dialog.getByLabel("Quadros por segundo").fill("10");
    await expectAccessible(page, "novo modelo de gravação");
    await dialog.getByRole("button", { name: "Salvar modelo" }).click();
    await expect(page.getByText("Modelo salvo")).toBeVisible();
    await expect(dialog.getByText("800×600 · 10 fps · com microfone")).toBeVisible();

    await dialog.getByRole("button", { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir modelo?" });
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Modelo excluído")).toBeVisible();
    // Back on the list, without the deleted one.
    await expect(dialog.getByText("Full HD 1920×1080 · 30 fps")).toBeVisible();
    await expect(dialog.getByText(name)).toHaveCount(0);
  });

  test("[ACADEMY RECORD]: leaving the page while the browser still asks for the screen releases the capture", async ({ page }) => {
    // The share is granted 1.5 s after the click, as when the admin takes a while in the picker; the stream stays reachable.
    await page.addInitScript(() => {
      const original = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getDisplayMedia = async (opts) => {
        const stream = await original(opts);
        (window as unknown as { __share: MediaStream }).__share = stream;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return stream;
      };
    });
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/academy/record");
    await expect(page.getByLabel("Modelo", { exact: true })).toHaveValue(/.+/);
    await page.getByRole("button", { name: "Iniciar gravação" }).click();
    await expect(page.getByRole("button", { name: "Aguardando a tela..." })).toBeVisible();
    await page.locator("p", { hasText: "/ Gravação" }).getByRole("link", { name: "Academy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Academy" })).toBeVisible();
    // The browser's "sharing your screen" bar goes away: every captured track ended.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __share?: MediaStream }).__share?.getTracks().map((t) => t.readyState).join(",") ?? "none"), { timeout: 5_000 })
      .toBe("ended");
  });
});
