import { createServer, type Server } from "node:http";
import type { Locator, Page } from "@playwright/test";
import { arrangeAgent, expect, linkFromOutbox, loggedInApi, registerUser, signInViaApi, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { trainingSitePort } from "./support/fakes-config";

/**
 * A loopback site for the website tests. safe-fetch refuses loopback unless the e2e server allows this
 * exact host:port (ATENDA_SAFE_FETCH_ALLOW in playwright.config.ts, honoured only with NODE_ENV=test).
 */
const FAKE_SITE_PORT = trainingSitePort();
const SITE = `http://127.0.0.1:${FAKE_SITE_PORT}`;
const BREAKFAST = "O café da manhã da Pousada Vento Sul é servido das 7h às 10h30 no terraço com vista para o mar.";
const ROOMS = "Todos os chalés da Pousada Vento Sul têm rede na varanda e ar-condicionado silencioso.";
const PARKING = "O estacionamento dos hóspedes fica na Rua das Gaivotas, número 42, e custa quinze reais por diária.";

const html = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body><main><article><h1>${title}</h1>${body}</article></main></body></html>`;

const ROUTES: Record<string, { html: string; delayMs?: number }> = {
  "/": {
    html: html(
      "Pousada Vento Sul",
      `<p>${BREAKFAST}</p><p>Estamos a duzentos metros da praia, no centro da vila, e recebemos famílias e casais o ano inteiro.</p>
       <nav><a href="/quartos">Quartos</a> <a href="/passeios">Passeios</a> <a href="https://example.com/fora">Fora</a></nav>`,
    ),
  },
  // Slow on purpose: while it loads, the source stays "Processando" with its progress bar on screen.
  "/quartos": { html: html("Quartos", `<p>${ROOMS}</p><p>Os chalés acomodam até quatro pessoas e têm cozinha completa.</p>`), delayMs: 2500 },
  "/passeios": { html: html("Passeios", "<p>Organizamos passeios de barco às ilhas todas as manhãs de sábado, com saída do píer.</p>") },
};

let site: Server;

test.beforeAll(async () => {
  site = createServer((req, res) => {
    const route = ROUTES[(req.url ?? "/").split("?")[0] ?? "/"];
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("não encontrado");
      return;
    }
    setTimeout(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(route.html), route.delayMs ?? 0);
  });
  await new Promise<void>((resolve, reject) => {
    site.once("error", reject);
    site.listen(FAKE_SITE_PORT, "127.0.0.1", resolve);
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const sourceItem = (p: Page, text: string) => p.getByRole("list", { name: "Conteúdos treinados" }).getByRole("listitem").filter({ hasText: text });
const status = (item: Locator) => item.getByTestId("source-status");
const tab = (p: Page, name: string) => p.getByRole("tablist", { name: "Tipo de conteúdo" }).getByRole("tab", { name });

async function openTraining(p: Page, agentId: string) {
  await p.goto(`/agent/${agentId}#treinamentos`);
  await expect(p.getByRole("heading", { name: "Treinamentos" })).toBeVisible();
}

/** Asks on the public chat; resolves with the whole streamed answer (SSE body) once it is done. */
async function askPublicChat(p: Page, agentId: string, question: string) {
  await p.goto(`/chat/${agentId}`);
  const box = p.getByPlaceholder("Digite sua mensagem...");
  const answered = p.waitForResponse((r) => r.url().includes("/chat-external"));
  await box.fill(question);
  await box.press("Enter");
  const body = await (await answered).text();
  return { body, reply: p.getByTestId("assistant-message").last() };
}

test.describe("[TRAINING]", () => {
  test("[TRAINING]: a text is trained until 'Pronto' and the public chat answers with what only that text says", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Marina", activity: "Pousada" });
    await openTraining(page, agent.id);
    const cache = page.getByRole("region", { name: "Cache de respostas" });
    await expect(cache.getByText("0 respostas servidas do cache")).toBeVisible();
    await expect(cache.getByText("R$ 0,00 economizados")).toBeVisible();
    await expect(page.getByText("Nada treinado ainda.")).toBeVisible();
    await expectAccessible(page, "treinamentos, vazio");

    // Before training the agent does not know it.
    const before = await askPublicChat(page, agent.id, "Onde fica o estacionamento?");
    expect(before.body).toContain("event: done");
    expect(before.body).not.toContain("Gaivotas");

    await openTraining(page, agent.id);
    const form = page.getByRole("form", { name: "Adicionar texto" });
    await form.getByLabel("Texto", { exact: true }).fill(PARKING);
    await expect(form.getByText(`${PARKING.length}/10000`)).toBeVisible();
    await form.getByRole("button", { name: "Adicionar texto" }).click();
    await expect(page.getByText("Texto adicionado")).toBeVisible();
    await expect(form.getByLabel("Texto", { exact: true })).toHaveValue("");

    const item = sourceItem(page, "O estacionamento dos hóspedes");
    await expect(status(item)).toHaveText("Pronto");
    await expect(item.getByRole("progressbar")).toHaveCount(0);
    await expect(item.getByText(/^1 trecho · Treinado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByText("1 conteúdo", { exact: true })).toBeVisible();
    // Screen readers hear the training finish (a polite live region).
    await expect(page.getByTestId("training-announcer")).toHaveText(/O estacionamento dos hóspedes.*: Pronto$/);
    await expectAccessible(page, "treinamentos, com um texto treinado");

    const { reply } = await askPublicChat(page, agent.id, "Onde fica o estacionamento?");
    await expect(reply).toContainText("Rua das Gaivotas, número 42");
  });

  test("[TRAINING]: a website's pages are discovered and ticked, its progress bar runs and it reaches 'Pronto'", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Caio", activity: "Pousada" });
    await openTraining(page, agent.id);
    await tab(page, "Sites").click();
    const form = page.getByRole("form", { name: "Adicionar site" });
    await expect(form.getByLabel("Atualizar automaticamente")).toHaveValue("never");
    await form.getByLabel("Endereço do site").fill(`${SITE}/`);
    await form.getByRole("button", { name: "Descobrir páginas" }).click();

    const pages = form.getByRole("list", { name: "Páginas encontradas" });
    await expect(form.getByText("2 páginas encontradas · 0 selecionadas")).toBeVisible();
    const rooms = pages.getByRole("checkbox", { name: `${SITE}/quartos` });
    const tours = pages.getByRole("checkbox", { name: `${SITE}/passeios` });
    await expect(rooms).not.toBeChecked();
    await expect(tours).not.toBeChecked();
    await expect(pages.getByText("example.com")).toHaveCount(0);
    await form.getByRole("button", { name: "Selecionar todas" }).click();
    await expect(rooms).toBeChecked();
    await expect(tours).toBeChecked();
    await tours.uncheck();
    await expect(form.getByText("2 páginas encontradas · 1 selecionada")).toBeVisible();
    await expectAccessible(page, "treinamentos, páginas do site encontradas");
    await form.getByLabel("Atualizar automaticamente").selectOption({ label: "Semanalmente" });
    await form.getByRole("button", { name: "Adicionar site" }).click();
    await expect(page.getByText("Site adicionado")).toBeVisible();

    const item = sourceItem(page, `${SITE}/`);
    await expect(item.getByText("+ 1 subpágina · Atualização: Semanalmente")).toBeVisible();
    // /quartos answers after 2.5 s: the job is visibly running meanwhile.
    const bar = item.getByRole("progressbar");
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuenow", /^\d{1,2}$/);
    await expect(status(item)).toHaveText(/^(Pendente|Processando)$/);
    await expectAccessible(page, "treinamentos, site em treinamento (barra de progresso)");
    await expect(status(item)).toHaveText("Pronto", { timeout: 15_000 });
    await expect(bar).toHaveCount(0);
    await expect(item.getByText(/trechos? · Treinado em/)).toBeVisible();

    const { reply } = await askPublicChat(page, agent.id, "Os chalés têm ar-condicionado?");
    await expect(reply).toContainText("rede na varanda e ar-condicionado silencioso");
  });

  test("[TRAINING]: a page that does not exist ends in 'Falhou' with the reason in pt-BR", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Nina", activity: "Loja" });
    await openTraining(page, agent.id);
    await tab(page, "Sites").click();
    const form = page.getByRole("form", { name: "Adicionar site" });
    await form.getByLabel("Endereço do site").fill(`${SITE}/sumiu`);
    await form.getByRole("button", { name: "Adicionar site" }).click();
    const item = sourceItem(page, `${SITE}/sumiu`);
    await expect(status(item)).toHaveText("Falhou");
    await expect(item.getByText("Página não encontrada no site (erro 404).")).toBeVisible();
    await expectAccessible(page, "treinamentos, fonte que falhou");
    await expect(item.getByRole("progressbar")).toHaveCount(0);
  });

  test("[TRAINING]: the forms show the contract's pt-BR messages and send nothing invalid", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Téo", activity: "Academia" });
    await openTraining(page, agent.id);
    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && /training/.test(r.url())) writes.push(r.url());
    });

    const text = page.getByRole("form", { name: "Adicionar texto" });
    await text.getByLabel("Texto", { exact: true }).fill("curto");
    await text.getByRole("button", { name: "Adicionar texto" }).click();
    await expect(text.getByText("O texto deve ter pelo menos 10 caracteres")).toBeVisible();
    await text.getByLabel("Imagem (opcional)").fill("javascript:alert(1)");
    await expect(text.getByText("URL deve usar protocolo HTTP ou HTTPS")).toBeVisible();
    await expectAccessible(page, "treinamentos, texto com erros");

    await tab(page, "Sites").click();
    const site = page.getByRole("form", { name: "Adicionar site" });
    await site.getByLabel("Endereço do site").fill("ftp://arquivos.exemplo.com.br");
    await site.getByRole("button", { name: "Descobrir páginas" }).click();
    await expect(site.getByText("URL deve usar protocolo HTTP ou HTTPS")).toBeVisible();
    await site.getByRole("button", { name: "Adicionar site" }).click();
    await expect(site.getByText("URL deve usar protocolo HTTP ou HTTPS")).toBeVisible();

    await tab(page, "Vídeos").click();
    const video = page.getByRole("form", { name: "Adicionar vídeo" });
    await expect(video.getByPlaceholder("Cole a transcrição (opcional: buscamos as legendas automaticamente)")).toBeVisible();
    await video.getByLabel("Título do vídeo").fill("A");
    await video.getByLabel("Link do vídeo").fill("https://exemplo.com.br/video.mp4");
    await video.getByRole("button", { name: "Adicionar vídeo" }).click();
    await expect(video.getByText("O título deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(video.getByText("URL deve ser de um vídeo válido (YouTube, Vimeo, etc.)")).toBeVisible();
    await expectAccessible(page, "treinamentos, vídeo com erros");

    await tab(page, "Documentos").click();
    const doc = page.getByRole("form", { name: "Enviar documento" });
    await doc.getByLabel("Arquivo do documento").setInputFiles({ name: "planilha.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
    await expect(doc.getByText("Formato não suportado. Envie PDF, DOCX, TXT, Markdown ou CSV.")).toBeVisible();
    await doc.getByLabel("Arquivo do documento").setInputFiles({ name: "enorme.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(20 * 1024 * 1024 + 1) });
    await expect(doc.getByText("O arquivo excede o tamanho máximo de 20 MB.")).toBeVisible();
    await expect(doc.getByRole("button", { name: "Enviar documento" })).toBeDisabled();
    await expectAccessible(page, "treinamentos, documento recusado");

    // The drafts are kept across tabs, and leaving the section with one asks first.
    await tab(page, "Textos").click();
    await expect(text.getByLabel("Texto", { exact: true })).toHaveValue("curto");
    expect(writes).toEqual([]);
    await page.getByRole("navigation", { name: "Seções do agente" }).getByRole("button", { name: /^Perfil/ }).click();
    await expect(page.getByRole("dialog", { name: "Alterações não salvas" })).toBeVisible();
  });

  test("[TRAINING]: a document is uploaded, a video and a text are edited and retrained, and a source is deleted after confirmation", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Lia", activity: "Livraria" });
    await openTraining(page, agent.id);

    await tab(page, "Documentos").click();
    const doc = page.getByRole("form", { name: "Enviar documento" });
    const faq = "# Trocas\n\nA Livraria Lia aceita trocas em até 30 dias com a nota fiscal.\n";
    await doc.getByLabel("Arquivo do documento").setInputFiles({ name: "politica-de-trocas.md", mimeType: "text/markdown", buffer: Buffer.from(faq) });
    await expect(doc.getByText("politica-de-trocas.md")).toBeVisible();
    await expect(doc.getByText(`${Buffer.byteLength(faq)} bytes`)).toBeVisible();
    await doc.getByRole("button", { name: "Enviar documento" }).click();
    await expect(page.getByText("Documento enviado")).toBeVisible();
    const docItem = sourceItem(page, "politica-de-trocas.md");
    await expect(status(docItem)).toHaveText("Pronto");
    await expect(docItem.getByText(`Documento · ${Buffer.byteLength(faq)} bytes`)).toBeVisible();

    await tab(page, "Vídeos").click();
    const video = page.getByRole("form", { name: "Adicionar vídeo" });
    await video.getByLabel("Título do vídeo").fill("Como encomendar livros");
    await video.getByLabel("Link do vídeo").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await video.getByLabel("Transcrição (opcional)").fill("Para encomendar um livro, fale com a gente pelo chat e informe o título e o autor.");
    await video.getByRole("button", { name: "Adicionar vídeo" }).click();
    const videoItem = sourceItem(page, "Como encomendar livros");
    await expect(status(videoItem)).toHaveText("Pronto");

    await videoItem.getByRole("button", { name: "Editar Como encomendar livros" }).click();
    const editVideo = page.getByRole("dialog", { name: "Editar vídeo" });
    await expect(editVideo).toBeVisible();
    await expectAccessible(page, "diálogo Editar vídeo");
    await editVideo.getByLabel("Título do vídeo").fill("Encomendas de livros");
    await editVideo.getByRole("button", { name: "Salvar e treinar" }).click();
    await expect(page.getByText("Alterações salvas")).toBeVisible();
    await expect(editVideo).toBeHidden();
    await expect(status(sourceItem(page, "Encomendas de livros"))).toHaveText("Pronto");

    await tab(page, "Textos").click();
    const text = page.getByRole("form", { name: "Adicionar texto" });
    await text.getByLabel("Texto", { exact: true }).fill("Abrimos de terça a domingo, das 10h às 20h.");
    await text.getByRole("button", { name: "Adicionar texto" }).click();
    const textItem = sourceItem(page, "Abrimos de terça a domingo");
    await expect(status(textItem)).toHaveText("Pronto");

    await textItem.getByRole("button", { name: /^Editar / }).click();
    const edit = page.getByRole("dialog", { name: "Editar texto" });
    await edit.getByLabel("Texto", { exact: true }).fill("curto");
    await edit.getByRole("button", { name: "Salvar e treinar" }).click();
    await expect(edit.getByText("O texto deve ter pelo menos 10 caracteres")).toBeVisible();
    await expectAccessible(page, "diálogo Editar texto, com erro");
    await edit.getByLabel("Texto", { exact: true }).fill("Abrimos de terça a sábado, das 9h às 19h.");
    await edit.getByRole("button", { name: "Salvar e treinar" }).click();
    await expect(edit).toBeHidden();
    const edited = sourceItem(page, "Abrimos de terça a sábado");
    await expect(status(edited)).toHaveText("Pronto");

    await edited.getByRole("button", { name: /^Treinar novamente / }).click();
    await expect(page.getByText("Treinamento reiniciado")).toBeVisible();
    await expect(status(edited)).toHaveText("Pronto");
    await expect(page.getByText("Só os conteúdos que mudaram são processados de novo.")).toBeVisible();
    await page.getByRole("button", { name: "Treinar tudo novamente" }).click();
    await expect(page.getByText("3 conteúdos verificados; só o que mudou será processado.")).toBeVisible();
    await expect(page.getByTestId("source-status").filter({ hasText: "Pronto" })).toHaveCount(3);

    await docItem.getByRole("button", { name: "Excluir politica-de-trocas.md" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir conteúdo" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, "confirmação Excluir conteúdo");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(docItem).toBeVisible();
    await docItem.getByRole("button", { name: "Excluir politica-de-trocas.md" }).click();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Conteúdo excluído")).toBeVisible();
    await expect(docItem).toHaveCount(0);
    await expect(page.getByText("2 conteúdos", { exact: true })).toBeVisible();
  });

  test("[TRAINING]: a member without permission to edit agents is told so plainly and cannot change anything", async ({ page, user, baseURL }) => {
    const base = baseURL ?? "";
    const agent = await arrangeAgent(base, user, { name: "Rui", activity: "Oficina" });
    const viewer = await registerUser(base, { email: uniqueEmail("leitor"), firstName: "Vera" });
    const { api } = await loggedInApi(base, user);
    const csrf = (await api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
    const invited = await api.post("/trpc/workspaces.members.invite", { headers: { "x-csrf-token": csrf }, data: { json: { email: viewer.email, role: "viewer" } } });
    expect(invited.ok(), await invited.text()).toBeTruthy();

    await signInViaApi(page, viewer);
    await page.goto(await linkFromOutbox(base, viewer.email, "/convite"));
    await page.getByRole("button", { name: "Aceitar convite" }).click();
    await expect(page.getByText("Convite aceito!")).toBeVisible();

    await openTraining(page, agent.id);
    await expect(page.getByText("Você não tem permissão para treinar agentes neste workspace.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Adicionar texto" }).getByRole("button", { name: "Adicionar texto" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Treinar tudo novamente" })).toHaveCount(0);
    await expectAccessible(page, "treinamentos, membro sem permissão");
  });
});
