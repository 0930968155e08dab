/**
 * The Nuvemshop ToolProvider: buscar_produtos and consultar_pedido, offered only when the agent's
 * Nuvemshop integration is enabled and has a store id and a token. Privacy (SPEC §3 e-commerce):
 * an order looked up by number is shown only when an e-mail or phone of the customer (given in the
 * conversation or known by the channel) is the order's contact; results never carry the buyer's
 * name, address, document, e-mail or phone.
 */
import type { AgentTool, ToolContext, ToolProvider } from "../../runtime/tools";
import type { AppDeps } from "../../services/context";
import { integrationsOf, openConfig } from "../store";
import { type NuvemshopCreds, nuvemshopGet } from "../../adapters/nuvemshop/client";
import { type NuvemshopOrder, type NuvemshopProduct, digits, orderBelongsTo, sameEmail, shapeOrder, shapeProduct } from "./shape";

const TOOL_TIMEOUT_MS = 25_000;
const PRODUCTS_SHOWN = 5;
const ORDERS_SHOWN = 3;
const ORDER_FIELDS = [
  "id",
  "number",
  "contact_email",
  "contact_phone",
  "customer",
  "products",
  "subtotal",
  "total",
  "currency",
  "status",
  "payment_status",
  "shipping_status",
  "shipping_tracking_number",
  "shipping_tracking_url",
  "created_at",
].join(",");

export const ASK_CONTACT = "Para consultar o pedido pelo número, peça ao cliente o e-mail ou o telefone usado na compra e chame de novo informando-o.";
export const ASK_EMAIL_PROOF =
  "Para listar pedidos pelo e-mail, peça também o telefone usado na compra (ou o número do pedido) e chame de novo informando-o.";
export const ASK_NUMBER_OR_EMAIL = "Informe o número do pedido (com o e-mail ou telefone da compra) ou o e-mail usado na compra.";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

/** The enabled, complete Nuvemshop config of an agent, or null. */
export async function nuvemshopCredsOf(deps: AppDeps, agent: { id: string; workspaceId: string }): Promise<NuvemshopCreds | null> {
  const row = (await integrationsOf(deps, agent, "nuvemshop")).find((r) => r.enabled && r.workspaceId === agent.workspaceId);
  if (!row) return null;
  const cfg = openConfig<{ storeId?: string; accessToken?: string }>(deps, row);
  return cfg.storeId && cfg.accessToken ? { storeId: cfg.storeId, accessToken: cfg.accessToken } : null;
}

export async function searchProducts(creds: NuvemshopCreds, query: string, signal?: AbortSignal) {
  const products = await nuvemshopGet<NuvemshopProduct[]>(creds, "/products", {
    query: { q: query, published: true, page: 1, per_page: PRODUCTS_SHOWN, fields: "id,name,canonical_url,variants" },
    list: true,
    signal,
  });
  const list = Array.isArray(products) ? products.slice(0, PRODUCTS_SHOWN).map(shapeProduct) : [];
  return list.length ? { produtos: list } : { produtos: [], mensagem: `Nenhum produto encontrado para "${query}".` };
}

const searchOrders = (creds: NuvemshopCreds, q: string, signal?: AbortSignal) =>
  nuvemshopGet<NuvemshopOrder[]>(creds, "/orders", { query: { q, status: "any", page: 1, per_page: 20, fields: ORDER_FIELDS }, list: true, signal }).then((r) =>
    Array.isArray(r) ? r : [],
  );

const newestFirst = (a: NuvemshopOrder, b: NuvemshopOrder) => Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? "") || Number(b.number ?? 0) - Number(a.number ?? 0);

export async function lookupOrder(creds: NuvemshopCreds, args: Record<string, unknown>, customer: ToolContext["customer"], signal?: AbortSignal) {
  const number = digits(text(args.numero));
  const argEmail = text(args.email);
  const argPhone = text(args.telefone);
  if (argEmail && !looksLikeEmail(argEmail)) throw new Error("O e-mail informado não parece válido. Confirme com o cliente.");
  // What identifies the customer: what they said in the conversation and what the channel knows.
  const who = {
    emails: [argEmail, customer.email ?? ""].filter(Boolean),
    phones: [argPhone, customer.phone ?? ""].filter((p) => digits(p).length >= 8),
  };

  if (number) {
    if (!who.emails.length && !who.phones.length) throw new Error(ASK_CONTACT);
    const found = (await searchOrders(creds, number, signal)).find((o) => String(o.number) === number);
    // A wrong contact reads exactly like a missing order: nobody can probe other customers' orders.
    if (!found || !orderBelongsTo(found, who)) throw new Error(`Não encontrei o pedido nº ${number} com esse e-mail ou telefone. Confirme os dados com o cliente.`);
    return { pedido: shapeOrder(found) };
  }

  const email = who.emails[0];
  if (!email) throw new Error(ASK_NUMBER_OR_EMAIL);
  // An e-mail someone types is not proof of who they are: without the order number, orders are listed
  // only for the e-mail the channel itself knows, or when a phone of the purchase matches too. The
  // request for more comes before any search, so it says nothing about whether orders exist.
  const channelEmail = sameEmail(email, customer.email ?? "");
  if (!channelEmail && !who.phones.length) throw new Error(ASK_EMAIL_PROOF);
  const orders = (await searchOrders(creds, email, signal))
    .filter((o) => sameEmail(email, o.contact_email) || sameEmail(email, o.customer?.email))
    .filter((o) => channelEmail || orderBelongsTo(o, { emails: [], phones: who.phones }))
    .sort(newestFirst);
  if (!orders.length) return { pedidos: [], mensagem: channelEmail ? "Não encontrei pedidos com esse e-mail." : "Não encontrei pedidos com esse e-mail e telefone." };
  return { pedidos: orders.slice(0, ORDERS_SHOWN).map(shapeOrder), total_encontrado: orders.length };
}

export function nuvemshopAgentTools(creds: NuvemshopCreds, ctx: ToolContext): AgentTool[] {
  return [
    {
      name: "buscar_produtos",
      description:
        "Busca produtos publicados na loja virtual (Nuvemshop) pelo nome ou termo. Retorna nome, preço, preço promocional, estoque e link de cada produto. Use para responder sobre preço, disponibilidade e onde comprar.",
      parameters: {
        type: "object",
        properties: { q: { type: "string", description: "Termo de busca, ex.: camiseta azul" } },
        required: ["q"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      examples: ["Quanto custa a camiseta?", "Vocês têm esse produto em estoque?"],
      run: async (args, signal) => {
        const q = text(args.q).slice(0, 100);
        if (!q) throw new Error("Informe o termo de busca do produto.");
        return { data: await searchProducts(creds, q, signal) };
      },
    },
    {
      name: "consultar_pedido",
      description:
        "Consulta pedidos da loja virtual (Nuvemshop). Pelo número do pedido, informe também o e-mail ou o telefone usado na compra (são conferidos com o pedido). Com o e-mail e o telefone da compra, lista os pedidos mais recentes. Retorna status, pagamento, envio, código e link de rastreio, itens e total — nunca dados pessoais.",
      parameters: {
        type: "object",
        properties: {
          numero: { type: "string", description: "Número do pedido, ex.: 1234" },
          email: { type: "string", description: "E-mail usado na compra, informado pelo cliente" },
          telefone: { type: "string", description: "Telefone usado na compra, informado pelo cliente" },
        },
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      examples: ["Qual o status do meu pedido?", "Meu pedido já foi enviado?"],
      run: async (args, signal) => ({ data: await lookupOrder(creds, args, ctx.customer, signal) }),
    },
  ];
}

export const nuvemshopTools: ToolProvider = async (deps, agent, ctx) => {
  const creds = await nuvemshopCredsOf(deps, agent);
  return creds ? nuvemshopAgentTools(creds, ctx) : [];
};
