import { foldText } from "./lexicon";

/**
 * Offline topic tags (issue 18): a small pt-BR keyword table, matched on folded text (no accents,
 * lowercase) by whole words or word prefixes. Online, the sentiment model call names the tags.
 */
const TOPICS: { tag: string; stems: string[] }[] = [
  { tag: "preço", stems: ["preco", "valor", "quanto custa", "custa", "orcamento", "desconto", "caro", "barato", "promocao"] },
  { tag: "entrega", stems: ["entrega", "entregar", "frete", "envio", "rastreio", "rastreamento", "chegou", "chegar", "transportadora", "correios"] },
  { tag: "pagamento", stems: ["pagamento", "pagar", "paguei", "pix", "boleto", "cartao", "parcela", "fatura", "cobranca", "cobrado"] },
  { tag: "agendamento", stems: ["agendar", "agendamento", "agenda", "marcar", "horario", "consulta", "reserva", "reservar", "disponibilidade"] },
  { tag: "reclamação", stems: ["reclamacao", "reclamar", "pessimo", "absurdo", "procon", "defeito", "quebrado", "errado", "horrivel"] },
  { tag: "suporte", stems: ["suporte", "ajuda", "problema", "erro", "nao funciona", "travou", "bug", "senha", "acesso"] },
  { tag: "cancelamento", stems: ["cancelar", "cancelamento", "cancela", "desistir", "estorno", "reembolso", "devolucao", "devolver"] },
  { tag: "troca", stems: ["troca", "trocar", "tamanho errado"] },
  { tag: "produto", stems: ["produto", "estoque", "modelo", "tamanho", "catalogo"] },
];

export const MAX_TOPIC_TAGS = 3;

/** Up to 3 tags of a conversation's recent customer text, the most-mentioned first. */
export function topicTagsOf(texts: string[]): string[] {
  const folded = ` ${texts.map(foldText).join(" ")} `;
  const scored = TOPICS.map(({ tag, stems }) => ({
    tag,
    hits: stems.reduce((n, stem) => n + (folded.match(new RegExp(` ${stem.replace(/ /g, " ")}`, "g"))?.length ?? 0), 0),
  })).filter((t) => t.hits > 0);
  scored.sort((a, b) => b.hits - a.hits);
  return scored.slice(0, MAX_TOPIC_TAGS).map((t) => t.tag);
}

/** A tag as stored: trimmed, lowercase, single spaces, at most 40 characters. */
export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, " ").slice(0, 40);
}
