import type { Page } from "@playwright/test";
import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { expectFocusRing, tabTo } from "./support/keyboard";

/** 1×1 transparent PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const HOURS = "O horário de funcionamento é de segunda a sábado, das 8h às 18h.";

const box = (page: Page) => page.getByPlaceholder("Digite sua mensagem...");
const answers = (page: Page) => page.getByTestId("assistant-message");

async function ask(page: Page, text: string) {
  await box(page).fill(text);
  await box(page).press("Enter");
}

test.describe("[PUBLIC CHAT]", () => {
  test("[PUBLIC CHAT]: loading state, then the header, greeting, input and footer of the spec", async ({ page, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Iara", activity: "Floricultura" });
    await page.route("**/api/v1/public/agents/*", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    // The server puts an active agent in the page (src/api/spa.ts), so it paints at once; without
    // it the page asks the API, and the loading state shows while the slowed answer comes.
    await page.route(`**/chat/${agent.id}`, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: (await res.text()).replace(/<meta name="atenda-agent"[^>]*>/, "") });
    });
    await page.goto(`/chat/${agent.id}`);
    await expect(page.getByText("Carregando agente...")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Olá! Sou Iara" })).toBeVisible();
    await expect(page.getByText("Como posso ajudá-lo hoje?")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("heading", { name: "Iara" })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Floricultura")).toBeVisible();
    await expect(page.getByRole("button", { name: "Limpar conversa" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Excluir conversa" })).toBeVisible();
    await expect(page.getByText("fase de treinamento e pode cometer erros")).toBeVisible();
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    expect((await box(page).boundingBox())?.height).toBe(58);
    await expectAccessible(page, "chat público, vazio");

    // Shift+Enter adds a line (no send); the box grows up to 120 px.
    await box(page).fill("linha 1");
    await box(page).press("Shift+Enter");
    await box(page).pressSequentially("linha 2");
    await expect(box(page)).toHaveValue("linha 1\nlinha 2");
    await box(page).fill(Array.from({ length: 12 }, (_, i) => `linha ${i}`).join("\n"));
    await expect.poll(async () => (await box(page).boundingBox())?.height).toBe(120);
    await expect(page.getByRole("heading", { name: "Olá! Sou Iara" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeEnabled();
    await box(page).fill("   ");
    await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeDisabled();
  });

  test("[PUBLIC CHAT]: a text message gets a streamed reply and the box is focused again", async ({ page, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Joana", activity: "Padaria" }, { companyDetails: HOURS });
    await page.goto(`/chat/${agent.id}`);
    const reply = page.waitForResponse((r) => r.url().includes("/chat-external"));
    await ask(page, "Qual o horário de funcionamento?");
    await expect(page.locator('[data-role="user"]').getByText("Qual o horário de funcionamento?")).toBeVisible();
    await expect(box(page)).toHaveValue("");
    const res = await reply;
    expect(res.request().headers().accept).toContain("text/event-stream");
    expect(res.headers()["content-type"]).toContain("text/event-stream");
    // The offline provider streams word by word: several delta events, then done.
    const body = await res.text();
    expect(body.match(/event: delta/g)?.length ?? 0).toBeGreaterThan(3);
    expect(body).toContain("event: done");
    await expect(answers(page).last()).toHaveText(HOURS);
    await expect(box(page)).toBeFocused();
    // The messages are a polite live region, not busy once the answer is whole: it is read aloud.
    await expect(page.getByRole("main")).toHaveAttribute("aria-live", "polite");
    await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "false");
    await expectAccessible(page, "chat público, com mensagens");

    // The next turn carries the history and the same visitor session.
    const second = page.waitForRequest((r) => r.url().includes("/chat-external"));
    await ask(page, "E aos domingos?");
    const payload = (await second).postDataJSON() as { chatHistory: { role: string; content: string }[]; sessionId: string };
    expect(payload.chatHistory).toEqual([
      { role: "user", content: "Qual o horário de funcionamento?" },
      { role: "assistant", content: HOURS },
    ]);
    expect(payload.sessionId).toMatch(/^web-/);
    await expect(answers(page)).toHaveCount(2);
  });

  test("[PUBLIC CHAT]: an image is attached from the menu, by drop, and refused when not an image", async ({ page, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Kiko", activity: "Ótica" });
    await page.goto(`/chat/${agent.id}`);
    await page.getByRole("button", { name: "Anexar arquivo" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("menuitem", { name: "Imagem" }).click();
    await (await chooser).setFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("img", { name: "Imagem anexada" })).toBeVisible();
    const sent = page.waitForRequest((r) => r.url().includes("/chat-external"));
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    const body = (await sent).postDataJSON() as { imageData: string; message: string };
    expect(body.imageData.startsWith("data:image/png;base64,")).toBe(true);
    await expect(page.getByRole("img", { name: "Imagem enviada" })).toBeVisible();
    await expect(answers(page)).toHaveCount(1);
    await expect(answers(page)).not.toHaveText("Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente.");

    await page.getByTestId("image-input").setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("oi") });
    await expect(page.getByText("Apenas imagens são aceitas")).toBeVisible();
    // 10 MB is checked in the browser too, before anything is uploaded.
    await page.getByTestId("image-input").setInputFiles({ name: "grande.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(page.getByText("A imagem deve ter no máximo 10MB")).toBeVisible();

    // Drag and drop: the overlay, then the dropped image becomes the pending attachment.
    const data = await page.evaluateHandle((b64) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], "solta.png", { type: "image/png" }));
      return dt;
    }, PNG.toString("base64"));
    const target = page.locator("main");
    await target.dispatchEvent("dragenter", { dataTransfer: data });
    await expect(page.getByText("Solte sua imagem aqui")).toBeVisible();
    await expect(page.getByText("PNG, JPG, GIF até 10MB")).toBeVisible();
    await expectAccessible(page, "chat público, arrastando imagem");
    await target.dispatchEvent("drop", { dataTransfer: data });
    await expect(page.getByText("Solte sua imagem aqui")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Imagem anexada" })).toBeVisible();
    await expectAccessible(page, "chat público, imagem anexada");
  });

  test("[PUBLIC CHAT]: like and dislike open the feedback dialog and show the spec's toasts", async ({ page, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Lia", activity: "Livraria" }, { companyDetails: "Entregamos livros em todo o Brasil em até 5 dias úteis." });
    await page.goto(`/chat/${agent.id}`);
    await ask(page, "Vocês entregam livros?");
    await expect(answers(page)).toHaveCount(1);

    const like = page.getByRole("button", { name: "Resposta satisfatória" });
    await like.click();
    const positive = page.getByRole("dialog", { name: "Feedback Positivo" });
    await expect(positive).toBeVisible();
    await expectAccessible(page, "chat público, diálogo de feedback");
    await positive.getByLabel("Observação (opcional)").fill("Resposta rápida e certa");
    const sent = page.waitForRequest((r) => r.url().endsWith(`/agents/${agent.id}/feedback`));
    await positive.getByRole("button", { name: "Enviar Feedback" }).click();
    const payload = (await sent).postDataJSON();
    expect(payload).toMatchObject({
      feedbackType: "like",
      userMessage: "Vocês entregam livros?",
      agentResponse: "Entregamos livros em todo o Brasil em até 5 dias úteis.",
      observation: "Resposta rápida e certa",
    });
    expect(payload.sessionId).toMatch(/^web-/);
    await expect(page.getByText("Feedback enviado!")).toBeVisible();
    await expect(page.getByText("Obrigado pelo feedback positivo! Isso nos ajuda a melhorar.")).toBeVisible();
    await expect(like).toHaveAttribute("aria-pressed", "true");

    // 'Pular' sends nothing but still marks the answer.
    await ask(page, "E o prazo de entrega?");
    await expect(answers(page)).toHaveCount(2);
    const dislikes = page.getByRole("button", { name: "Resposta insatisfatória" });
    await dislikes.nth(1).click();
    const negative = page.getByRole("dialog", { name: "Feedback Negativo" });
    await negative.getByRole("button", { name: "Pular" }).click();
    await expect(negative).toBeHidden();
    await expect(dislikes.nth(1)).toHaveAttribute("aria-pressed", "true");

    await ask(page, "Vocês entregam livros usados?");
    await expect(answers(page)).toHaveCount(3);
    await dislikes.nth(2).click();
    await negative.getByRole("button", { name: "Enviar Feedback" }).click();
    await expect(page.getByText("Obrigado pelo feedback. Vamos usar isso para melhorar as respostas.")).toBeVisible();

    // A failed send: the destructive toast, and the answer is still marked.
    await page.route("**/feedback", (r) => r.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "falhou" } } }));
    await ask(page, "Até logo");
    await expect(answers(page)).toHaveCount(4);
    await page.getByRole("button", { name: "Resposta satisfatória" }).nth(3).click();
    await page.getByRole("dialog", { name: "Feedback Positivo" }).getByRole("button", { name: "Enviar Feedback" }).click();
    await expect(page.getByRole("dialog", { name: "Feedback Positivo" }).getByRole("button", { name: "Enviando..." })).toBeVisible();
    await expect(page.getByText("Erro ao enviar feedback")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Não foi possível enviar o feedback. Tente novamente.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Resposta satisfatória" }).nth(3)).toHaveAttribute("aria-pressed", "true");
  });

  test("[A11Y]: keyboard only: write, attach an image, rate and copy answers on the public chat", async ({ page, context, user, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const FACT = "Instalamos box de vidro em até 3 dias úteis.";
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Vera", activity: "Vidraçaria" }, { companyDetails: FACT });
    const kb = page.keyboard;
    await page.goto(`/chat/${agent.id}`);
    await tabTo(page, box(page));
    await kb.type("Em quanto tempo instalam o box?");
    await kb.press("Enter");
    await expect(answers(page)).toHaveText(FACT);
    await expect(box(page)).toBeFocused();

    // 'Anexar arquivo' → 'Imagem' opens the (labelled) file input; focus comes back to the trigger.
    const attach = page.getByRole("button", { name: "Anexar arquivo" });
    const pickImage = async () => {
      await tabTo(page, attach, { back: true, max: 4 });
      await expectFocusRing(attach);
      await kb.press("Enter");
      await expect(page.getByRole("menuitem", { name: "Imagem" })).toBeFocused();
      const chooser = page.waitForEvent("filechooser");
      await kb.press("Enter");
      const picker = await chooser;
      expect(await picker.element().getAttribute("aria-label")).toBe("Anexar imagem");
      await picker.setFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
      await expect(page.getByRole("img", { name: "Imagem anexada" })).toBeVisible();
      await expect(attach).toBeFocused();
    };
    await pickImage();
    // Removing it hands focus to the message box (the button itself goes away).
    await tabTo(page, page.getByRole("button", { name: "Remover imagem" }), { back: true, max: 3 });
    await kb.press("Enter");
    await expect(page.getByRole("img", { name: "Imagem anexada" })).toHaveCount(0);
    await expect(box(page)).toBeFocused();
    await pickImage();
    await tabTo(page, box(page), { max: 3 });
    await kb.press("Enter");
    await expect(page.getByRole("img", { name: "Imagem enviada" })).toBeVisible();
    await expect(answers(page)).toHaveCount(2);

    // Like the first answer: the dialog takes focus, Tab reaches 'Enviar Feedback', focus comes back.
    const like = page.getByRole("button", { name: "Resposta satisfatória" }).first();
    await tabTo(page, like, { back: true, max: 20 });
    await expectFocusRing(like);
    await kb.press("Enter");
    const positive = page.getByRole("dialog", { name: "Feedback Positivo" });
    await expect(positive.getByLabel("Observação (opcional)")).toBeFocused();
    await kb.type("Rápido e claro");
    await tabTo(page, positive.getByRole("button", { name: "Enviar Feedback" }), { max: 4 });
    const sent = page.waitForRequest((r) => r.url().endsWith(`/agents/${agent.id}/feedback`));
    await kb.press("Enter");
    expect((await sent).postDataJSON()).toMatchObject({ feedbackType: "like", observation: "Rápido e claro" });
    await expect(page.getByText("Feedback enviado!")).toBeVisible();
    await expect(positive).toBeHidden();
    await expect(like).toBeFocused();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like).toBeDisabled();

    // Dislike the second one and leave with Esc: skipped, marked, focus back on the button.
    const dislike = page.getByRole("button", { name: "Resposta insatisfatória" }).nth(1);
    await tabTo(page, dislike, { max: 10 });
    await kb.press("Enter");
    const negative = page.getByRole("dialog", { name: "Feedback Negativo" });
    await expect(negative).toBeVisible();
    await expectAccessible(page, "chat público, feedback aberto pelo teclado");
    await kb.press("Escape");
    await expect(negative).toBeHidden();
    await expect(dislike).toBeFocused();
    await expect(dislike).toHaveAttribute("aria-pressed", "true");

    // Copy the first answer.
    await tabTo(page, page.getByRole("button", { name: "Copiar" }).first(), { back: true, max: 10 });
    await kb.press("Enter");
    await expect(page.getByText("Copiado!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FACT);
    await expectAccessible(page, "chat público, usado pelo teclado");
  });

  test("[PUBLIC CHAT]: copy puts the answer in the clipboard; clear and delete empty the page", async ({ page, context, user, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Malu", activity: "Academia" }, { companyDetails: "A mensalidade custa R$ 99 por mês." });
    await page.goto(`/chat/${agent.id}`);
    await ask(page, "Quanto custa a mensalidade?");
    await expect(answers(page)).toHaveText("A mensalidade custa R$ 99 por mês.");
    await page.getByRole("button", { name: "Copiar" }).click();
    await expect(page.getByText("Copiado!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("A mensalidade custa R$ 99 por mês.");

    await page.getByRole("button", { name: "Limpar conversa" }).click();
    await expect(page.getByRole("heading", { name: "Olá! Sou Malu" })).toBeVisible();
    await expect(answers(page)).toHaveCount(0);
    await ask(page, "Oi");
    await expect(answers(page)).toHaveCount(1);
    await page.getByRole("button", { name: "Excluir conversa" }).click();
    await expect(page.getByRole("heading", { name: "Olá! Sou Malu" })).toBeVisible();
  });

  test("[PUBLIC CHAT]: a failed send and an empty reply show the spec's fallback bubbles", async ({ page, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Rita", activity: "Farmácia" });
    await page.goto(`/chat/${agent.id}`);
    let call = 0;
    await page.route("**/chat-external", async (route) => {
      call += 1;
      if (call === 1) await route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "x" } } });
      else await route.fulfill({ status: 200, contentType: "text/event-stream", body: 'event: done\ndata: {"response":""}\n\n' });
    });
    await ask(page, "Vocês abrem hoje?");
    await expect(answers(page).last()).toHaveText("Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente.");
    await ask(page, "Alô?");
    await expect(answers(page).last()).toHaveText("Desculpe, não consegui processar sua mensagem.");
    await expectAccessible(page, "chat público, respostas de erro");
    expect(call).toBe(2);
  });

  test("[PUBLIC CHAT]: an inactive or unknown agent shows 'Agente não encontrado'", async ({ page, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Nina", activity: "Hotel" });
    await agent.setActive(false);
    await page.goto(`/chat/${agent.id}`);
    await expect(page.getByRole("heading", { name: "Agente não encontrado" })).toBeVisible();
    await expect(page.getByText("O agente que você está tentando acessar não existe ou foi removido.")).toBeVisible();
    await page.goto("/chat/00000000-0000-0000-0000-000000000000");
    await expect(page.getByRole("heading", { name: "Agente não encontrado" })).toBeVisible();
    await expectAccessible(page, "chat público, agente não encontrado");
  });

  test("[PUBLIC CHAT]: a reply carrying <img onerror> and a javascript: link executes nothing", async ({ page, user, baseURL }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    const hostile = 'O horário de atendimento é <img src=x onerror="window.__xss=1;alert(1)"> e [veja detalhes](javascript:alert(2)) hoje';
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Otto", activity: "Loja" }, { companyDetails: hostile });
    await page.goto(`/chat/${agent.id}`);
    await ask(page, "Qual o horário de atendimento?");
    const answer = answers(page).last();
    await expect(answer).toContainText("O horário de atendimento é");
    const img = answer.locator("img");
    await expect(img).toHaveCount(1);
    expect(await img.getAttribute("onerror")).toBeNull();
    const link = answer.locator("a", { hasText: "veja detalhes" });
    await expect(link).toHaveCount(1);
    expect((await link.getAttribute("href")) ?? "").not.toMatch(/javascript:/i);
    await link.click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await answer.innerHTML()).not.toMatch(/onerror|javascript:/i);
  });

  test("[PUBLIC CHAT]: the microphone refusal shows the spec's alert", async ({ page, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Pedro", activity: "Bar" });
    await page.goto(`/chat/${agent.id}`);
    await page.evaluate(() => {
      Object.defineProperty(navigator.mediaDevices, "getUserMedia", { value: () => Promise.reject(new DOMException("negado", "NotAllowedError")) });
    });
    await page.getByRole("button", { name: "Gravar áudio" }).click();
    await expect(page.getByRole("alert").getByText("Erro ao acessar microfone. Verifique as permissões.")).toBeVisible();
  });
});

test.describe("[PUBLIC CHAT] recording", () => {
  test("[PUBLIC CHAT]: recording turns red, stopping sends a WAV automatically", async ({ page, user, baseURL }) => {
    // A synthetic microphone: a 440 Hz tone through Web Audio stands in for getUserMedia.
    await page.addInitScript(() => {
      Object.defineProperty(navigator.mediaDevices, "getUserMedia", {
        value: async () => {
          const ctx = new AudioContext();
          const osc = ctx.createOscillator();
          const dest = ctx.createMediaStreamDestination();
          osc.connect(dest);
          osc.start();
          return dest.stream;
        },
      });
    });
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Quica", activity: "Sorveteria" });
    await page.goto(`/chat/${agent.id}`);
    await page.getByRole("button", { name: "Gravar áudio" }).click();
    const stop = page.getByRole("button", { name: "Parar gravação" });
    await expect(stop).toHaveAttribute("aria-pressed", "true");
    await expect(stop).toHaveClass(/animate-pulse/);
    await page.waitForTimeout(800);
    const sent = page.waitForRequest((r) => r.url().includes("/chat-external"));
    await stop.click();
    const body = (await sent).postDataJSON() as { audioData: string };
    expect(body.audioData.startsWith("data:audio/wav;base64,UklGR")).toBe(true);
    // Roughly 0.8 s of 16 kHz 16-bit mono: well over 10 KB of samples.
    expect(body.audioData.length).toBeGreaterThan(10_000);
    await expect(page.getByLabel("Áudio enviado")).toBeVisible();
    await expect(answers(page)).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Gravar áudio" })).toBeVisible();
  });
});
