/**
 * A realistic training corpus for the retrieval benches: a product catalogue and FAQ written from
 * templates, so every chunk repeats the shop's vocabulary ("produto", "garantia", "entrega",
 * "pagamento"…) and differs only in a detail (the product's name, model code, figures). Labelled
 * questions use common words plus exactly one distinguishing detail, the way customers ask.
 */
import { type Rng, rng } from "./synthetic";

export type CatalogueChunk = { product: number; section: Section; content: string };
export type LabelledQuestion = { question: string; label: number };
type Section = "ficha" | "garantia" | "entrega" | "uso";
const SECTIONS: Section[] = ["ficha", "garantia", "entrega", "uso"];

const CATEGORIES = [
  "liquidificador", "batedeira", "cafeteira", "fritadeira elétrica", "ventilador", "aspirador de pó", "ferro de passar", "micro-ondas",
  "torradeira", "sanduicheira", "panela elétrica", "purificador de água", "secador de cabelo", "chapinha", "fone de ouvido",
  "caixa de som", "smartwatch", "umidificador", "aquecedor", "processador de alimentos",
];
const COLOURS = ["preto", "branco", "vermelho", "inox", "azul", "cinza", "rosa", "verde"];
const LINES = ["Essencial", "Plus", "Premium", "Compacta", "Profissional"];
const CITIES = ["Campinas", "Extrema", "Cajamar", "Recife", "Curitiba"];
const EXTRAS = ["um copo medidor", "uma escova de limpeza", "um cabo extra", "uma bolsa de transporte", "um suporte de parede"];
const SYLLABLES = ["ka", "vo", "ra", "lu", "mi", "te", "zo", "ni", "bre", "xa", "du", "pe", "ri", "so", "fle", "gor", "tan", "vel", "qui", "mos", "bal", "cen", "dri", "jo"];

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Product = { name: string; code: string; category: string; colours: [string, string]; line: string; months: number; days: number; price: number; watts: number; volts: string; city: string; extra: string; parcels: number };

/** Unique invented brand-like names from syllables (3 syllables: 13,824 of them), in a seeded order. */
function names(count: number, r: Rng): string[] {
  const all: string[] = [];
  for (const a of SYLLABLES) for (const b of SYLLABLES) for (const c of SYLLABLES) all.push(cap(a + b + c));
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [all[i], all[j]] = [all[j] as string, all[i] as string];
  }
  return all.slice(0, count);
}

function products(count: number, r: Rng): Product[] {
  return names(count, r).map((name, i) => ({
    name,
    // Two letters and a unique 4-digit number: "KV-1234" (unicode61 splits it into "kv" and "1234").
    code: `${name.slice(0, 2).toUpperCase()}-${1000 + i}`,
    category: CATEGORIES[i % CATEGORIES.length] as string,
    colours: [pick(r, COLOURS), pick(r, COLOURS)],
    line: pick(r, LINES),
    months: pick(r, [3, 6, 12, 18, 24]),
    days: 1 + Math.floor(r() * 9),
    price: 49 + Math.floor(r() * 900),
    watts: pick(r, [300, 500, 700, 1000, 1200, 1500]),
    volts: pick(r, ["110 V", "220 V", "bivolt"]),
    city: pick(r, CITIES),
    extra: pick(r, EXTRAS),
    parcels: pick(r, [3, 6, 10, 12]),
  }));
}

function section(p: Product, s: Section): string {
  const head = `${cap(p.category)} ${p.name} ${p.code}`;
  switch (s) {
    case "ficha":
      return `${head} — ficha do produto. O produto ${p.name} é um ${p.category} da linha ${p.line}, com potência de ${p.watts} W e voltagem ${p.volts}, disponível nas cores ${p.colours[0]} e ${p.colours[1]}. O preço do produto é R$ ${p.price},90 à vista no Pix, ou em até ${p.parcels}x sem juros no cartão de crédito. O produto é vendido com nota fiscal e garantia do fabricante.`;
    case "garantia":
      return `${head} — garantia e troca. O produto tem garantia de ${p.months} meses contra defeitos de fabricação, contados da data da compra na nota fiscal. Para acionar a garantia do produto, fale com o atendimento e informe o número do pedido. A troca do produto pode ser pedida em até 7 dias depois do recebimento, com frete grátis na devolução do produto.`;
    case "entrega":
      return `${head} — entrega e frete. O produto é enviado em até ${p.days} dias úteis depois da confirmação do pagamento. O prazo de entrega do produto depende do CEP, e o frete é grátis para compras acima de R$ 199. O produto sai do nosso centro de distribuição em ${p.city} e o pedido pode ser rastreado pelo código enviado por e-mail.`;
    case "uso":
      return `${head} — uso e cuidados. Antes de usar o produto pela primeira vez, lave as peças removíveis com água e sabão neutro. Não use o produto com as mãos molhadas. Para a limpeza do produto, desligue da tomada e passe um pano úmido. O produto acompanha manual em português e ${p.extra}.`;
  }
}

/** Questions about one section: common words and one distinguishing detail (`d`: name or code). */
const ASKS: Record<Section, ((d: string, p: Product) => string)[]> = {
  ficha: [
    (d) => `Quais as cores e a voltagem do produto ${d}?`,
    (d) => `Qual é o preço do ${d} no cartão de crédito? Dá pra parcelar?`,
    (d, p) => `O ${p.category} ${d} tem quantos watts de potência?`,
  ],
  garantia: [
    (d) => `Qual é a garantia do produto ${d}?`,
    (d) => `Quantos meses de garantia tem o ${d}? E se der defeito?`,
    (d) => `Posso trocar o produto ${d} depois que receber?`,
  ],
  entrega: [
    (d) => `Qual o prazo de entrega do ${d}? O frete é grátis?`,
    (d) => `Em quantos dias vocês enviam o produto ${d} depois do pagamento?`,
    (d) => `De onde sai a entrega do ${d}? Dá pra rastrear o pedido?`,
  ],
  uso: [
    (d) => `Como faço a limpeza do produto ${d}?`,
    (d) => `Posso usar o ${d} com as mãos molhadas? Tem manual em português?`,
    (d) => `O que vem junto com o produto ${d} na caixa?`,
  ],
};

/** Questions with only the shop's common words: no single right chunk, timed but not scored. */
export const COMMON_QUESTIONS = [
  "Qual é a garantia do produto?",
  "Qual o prazo de entrega do produto? O frete é grátis?",
  "Como faço para trocar o produto com defeito?",
  "Quais são as formas de pagamento do produto?",
  "O produto vem com nota fiscal e manual em português?",
  "Em quantos dias úteis vocês enviam o pedido depois do pagamento?",
];

/**
 * `chunks` chunks (4 sections per product, in product order) and `questions` labelled questions,
 * each about a distinct random chunk; `label` is that chunk's index in `chunks`.
 */
export function catalogue(opts: { chunks: number; questions: number; seed?: number }) {
  const r = rng(opts.seed ?? 11);
  const list = products(Math.ceil(opts.chunks / SECTIONS.length), r);
  const chunks: CatalogueChunk[] = [];
  for (const [i, p] of list.entries()) for (const s of SECTIONS) if (chunks.length < opts.chunks) chunks.push({ product: i, section: s, content: section(p, s) });
  const questions: LabelledQuestion[] = [];
  const asked = new Set<number>();
  while (questions.length < Math.min(opts.questions, chunks.length)) {
    const label = Math.floor(r() * chunks.length);
    const c = chunks[label];
    const p = c ? list[c.product] : undefined;
    if (!c || !p || asked.has(label)) continue;
    asked.add(label);
    const detail = r() < 0.5 ? p.name : p.code;
    questions.push({ question: pick(r, ASKS[c.section])(detail, p), label });
  }
  return { chunks, questions };
}
