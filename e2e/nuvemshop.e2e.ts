import { type ChildProcess, spawn } from "node:child_process";
import { FAKE_STORE_ID, FAKE_TOKEN } from "../test/fakes/nuvemshop";
import { NOTION_TOKEN, PARENT_PAGE_ID } from "../test/fakes/notion";
import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { commerceApiPort } from "./support/fakes-config";

/**
 * The Nuvemshop and Notion cards in the browser: the shared contract's messages, "Testar" against
 * the loopback fakes (a refused token, then the right one), save, "Salvo" and the secret never shown
 * again after a reload; Nuvemshop also disable and remove.
 */
const PORT = commerceApiPort();
let fakes: ChildProcess | null = null;

test.beforeAll(async () => {
  fakes = spawn("node_modules/.bin/bun", ["e2e/support/commerce-fakes.ts", String(PORT)], { stdio: ["ignore", "ignore", "inherit"] });
  const answers = (url: string) => fetch(url).then(() => true, () => false);
  for (let i = 0; i < 100; i++) {
    const up = (await answers(`http://127.0.0.1:${PORT}/v1/${FAKE_STORE_ID}/store`)) && (await answers(`http://127.0.0.1:${PORT + 1}/v1/users/me`));
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Nuvemshop/Notion fakes did not start");
});
test.afterAll(async () => {
  if (!fakes) return;
  const exited = new Promise((r) => fakes?.once("exit", r));
  fakes.kill();
  await exited;
});

test.describe("[NUVEMSHOP]", () => {
  test("[NUVEMSHOP]: validation, save, reload with the token hidden, disable and remove", async ({ page, user, signedIn, baseURL }) => {
    void signedIn;
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Lia da Loja", activity: "Loja de roupas" });
    await page.goto(`/agent/${agent.id}#integracoes`);
    const card = page.getByRole("region", { name: "Loja Nuvemshop" });
    await expect(card.getByRole("heading", { name: "Loja Nuvemshop" })).toBeVisible();

    await card.getByRole("button", { name: "Salvar Nuvemshop" }).click();
    await expect(card.getByText("Informe o ID da loja")).toBeVisible();
    await expect(card.getByText("Informe o token de acesso da Nuvemshop")).toBeVisible();
    await card.getByLabel("ID da loja").fill("loja-1");
    await expect(card.getByText("ID da loja deve conter apenas números")).toBeVisible();
    await expectAccessible(page, "integrações, Nuvemshop com erros");

    await card.getByLabel("ID da loja").fill(FAKE_STORE_ID);
    await card.getByLabel("Token de acesso").fill("token-errado");
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByRole("alert")).toContainText("Token de acesso da Nuvemshop inválido ou revogado (erro 401)");
    await card.getByLabel("Token de acesso").fill(FAKE_TOKEN);
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByTestId("nuvemshop-test-result")).toContainText('Conectado à loja "Loja Exemplo".');
    await card.getByRole("button", { name: "Salvar Nuvemshop" }).click();
    await expect(page.getByText("Nuvemshop salva")).toBeVisible();
    await expect(card.getByText("Salvo", { exact: true })).toBeVisible();

    await page.reload();
    const again = page.getByRole("region", { name: "Loja Nuvemshop" });
    await expect(again.getByLabel("ID da loja")).toHaveValue(FAKE_STORE_ID);
    await expect(again.getByLabel("Token de acesso")).toHaveValue("");
    await expect(again.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await expect(again.getByText("Ativa", { exact: true })).toBeVisible();
    await expectAccessible(page, "integrações, Nuvemshop salva");

    await again.getByLabel("Integração ativa").uncheck();
    await again.getByRole("button", { name: "Salvar Nuvemshop" }).click();
    await expect(again.getByText("Desativada", { exact: true })).toBeVisible();

    await again.getByRole("button", { name: "Remover" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remover" }).click();
    await expect(page.getByText("Integração com a Nuvemshop removida")).toBeVisible();
    await expect(again.getByLabel("ID da loja")).toHaveValue("");
  });
});

test.describe("[NOTION]", () => {
  test("[NOTION]: token and page link validated, saved as the page id, token hidden after reload", async ({ page, user, signedIn, baseURL }) => {
    void signedIn;
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Nina Notas", activity: "Consultoria" });
    await page.goto(`/agent/${agent.id}#integracoes`);
    const card = page.getByRole("region", { name: "Notas no Notion" });
    await expect(card.getByRole("heading", { name: "Notas no Notion" })).toBeVisible();

    await card.getByRole("button", { name: "Salvar Notion" }).click();
    await expect(card.getByText("Informe a página ou o banco de dados onde as notas serão criadas")).toBeVisible();
    await expect(card.getByText("Informe o token da integração do Notion")).toBeVisible();
    await card.getByLabel("Token da integração").fill("token-sem-prefixo");
    await card.getByLabel("Link ou ID da página").fill("minha página");
    await expect(card.getByText('Token do Notion deve começar com "ntn_" ou "secret_"')).toBeVisible();
    await expect(card.getByText("Link ou ID do Notion inválido: copie o link da página (… › Copiar link)")).toBeVisible();

    await card.getByLabel("Token da integração").fill("ntn_token_errado");
    await card.getByLabel("Link ou ID da página").fill(`https://www.notion.so/acme/Atendimentos-${PARENT_PAGE_ID.replaceAll("-", "")}?pvs=4`);
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByTestId("notion-test-result")).toContainText("Token do Notion inválido ou revogado (erro 401)");
    await card.getByLabel("Token da integração").fill(NOTION_TOKEN);
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByTestId("notion-test-result")).toContainText('"Atendimentos"');
    await card.getByRole("button", { name: "Salvar Notion" }).click();
    await expect(page.getByText("Notion salvo")).toBeVisible();
    await expect(card.getByText("Salvo", { exact: true })).toBeVisible();

    await page.reload();
    const again = page.getByRole("region", { name: "Notas no Notion" });
    await expect(again.getByLabel("Link ou ID da página")).toHaveValue(PARENT_PAGE_ID);
    await expect(again.getByLabel("Token da integração")).toHaveValue("");
    await expect(again.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await again.getByLabel("Criar notas em").selectOption({ label: "Banco de dados" });
    await expect(again.getByLabel("Link ou ID do banco de dados")).toBeVisible();
  });
});
