import type { Page } from "@playwright/test";
import config from "../playwright.config";
import { ADMIN, expect, loggedInApi, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

// Chromium's fake capture: getDisplayMedia is granted without the picker and records a generated screen.
const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--auto-accept-this-tab-capture", "--auto-select-desktop-capture-source=Entire screen"],
  },
});

async function openBugReport(page: Page) {
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Reportar Bug" }).click();
  const dialog = page.getByRole("dialog", { name: "Reportar Bug" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Records until the timer shows `seconds`, then 'Parar'. */
async function record(page: Page, seconds: number) {
  const dialog = page.getByRole("dialog", { name: "Reportar Bug" });
  await dialog.getByRole("button", { name: "Gravar tela" }).click();
  await expect(dialog.getByRole("button", { name: "Parar" })).toBeVisible();
  await expect(dialog.getByRole("timer")).toContainText(`0:0${seconds} / 3:00`, { timeout: (seconds + 5) * 1000 });
}

test.describe("Reportar Bug: gravação de tela", () => {
  test("[BUG]: a screen recording is attached, sent, and plays back in /admin/suporte/{id}", async ({ page, loggedIn, baseURL }) => {
    void loggedIn;
    const dialog = await openBugReport(page);
    const subject = `Tela pisca ao trocar de aba ${Date.now().toString(36)}`;
    await dialog.getByLabel("Descrição do problema").fill(subject);
    await record(page, 3);
    await expectAccessible(page, "diálogo Reportar Bug gravando");
    await expect(dialog.getByRole("button", { name: "Enviar Bug Report" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Parar" }).click();
    const preview = dialog.getByLabel("Pré-visualização da gravação de tela");
    await expect(preview).toBeVisible();
    await expect(dialog.getByText(/screen-recording\.webm · \d+ KB/)).toBeVisible();
    await expectAccessible(page, "diálogo Reportar Bug com gravação");
    await dialog.getByRole("button", { name: "Enviar Bug Report" }).click();
    await expect(page.getByText("Bug Report Enviado!")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const admin = await loggedInApi(baseURL ?? "", ADMIN);
    const input = encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 20, q: subject } }));
    const res = await admin.api.get(`/trpc/adminSupport.list?input=${input}`);
    expect(res.ok(), await res.text()).toBeTruthy();
    const list = (await res.json()) as { result: { data: { json: { items: { id: string; subject: string }[] } } } };
    const id = list.result.data.json.items.find((i) => i.subject === subject)?.id;
    expect(id).toBeTruthy();
    await admin.api.dispose();

    await page.context().clearCookies();
    await signInViaApi(page, ADMIN);
    await page.goto(`/admin/suporte/${id}`);
    const video = page.getByLabel("screen-recording.webm");
    await expect(video).toBeVisible();
    // Loads its metadata through the protected file route, then plays: currentTime moves.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
  });

  test("[BUG]: closing the dialog stops the recording, which stays attached and can be removed", async ({ page, loggedIn }) => {
    void loggedIn;
    const dialog = await openBugReport(page);
    await record(page, 1);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await openBugReport(page);
    await expect(dialog.getByLabel("Pré-visualização da gravação de tela")).toBeVisible();
    await expect(dialog.getByText("Por favor, descreva o problema ou anexe um arquivo/vídeo.")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Remover gravação" }).click();
    await expect(dialog.getByRole("button", { name: "Gravar tela" })).toBeVisible();
    await expect(dialog.getByText("Por favor, descreva o problema ou anexe um arquivo/vídeo.")).toBeVisible();
  });

  test("[BUG]: ending the share from the browser stops the recording", async ({ page, loggedIn }) => {
    void loggedIn;
    // Keeps the captured stream reachable, so the test can end it as the browser's own "stop sharing" bar does.
    await page.addInitScript(() => {
      const original = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getDisplayMedia = async (opts) => {
        const stream = await original(opts);
        (window as unknown as { __share: MediaStream }).__share = stream;
        return stream;
      };
    });
    await page.reload();
    const dialog = await openBugReport(page);
    await record(page, 3);
    await page.evaluate(() => {
      const track = (window as unknown as { __share: MediaStream }).__share.getVideoTracks()[0];
      track?.stop();
      track?.dispatchEvent(new Event("ended"));
    });
    await expect(dialog.getByLabel("Pré-visualização da gravação de tela")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Parar" })).toHaveCount(0);
  });
});
