/**
 * Portuguese text normalisation shared by the offline embedder and the FTS5 query builder:
 * accent folding, a stopword list, a light suffix-stripping stemmer and a small lexicon of
 * customer-service concepts (price, hours, delivery…) so paraphrases meet on a common feature.
 */

/** Lowercase, accents folded, anything but letters and digits becomes a space. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ");
}

const STOPWORDS = new Set(
  (
    "a o as os um uma uns umas de da do das dos d e ou em no na nos nas num numa ao aos por pelo pela pelos pelas para pra pro " +
    "com sem sob sobre entre ate apos desde que se nao sim ja mas mais menos muito muita muitos muitas pouco tambem so " +
    "eu tu ele ela nos vos eles elas voce voces vc vcs me te lhe lhes meu minha meus minhas seu sua seus suas teu tua " +
    "nosso nossa nossos nossas dele dela deles delas isso isto esse essa esses essas este esta estes estas aquele aquela aquilo " +
    "ser sou es e somos sao era eram foi foram sera serao seria estar estou esta estamos estao estava estive " +
    "ter tenho tem temos teem tinha tive teve haver ha havia hei fazer faz fazem fiz " +
    "qual quais quem como quando onde porque pq por que oi ola bom boa dia tarde noite obrigado obrigada favor " +
    "gostaria queria quero posso pode podem poderia preciso precisa saber sabe alguem algum alguma algo tudo todo toda todos todas " +
    "la aqui ai ali entao agora ainda sempre nunca tipo coisa vez vou vai vamos quanto quanta quantos quantas"
  ).split(" "),
);

export const isStopword = (word: string) => STOPWORDS.has(word);

/**
 * Words the full-text side never asks for: the embedder's list plus the rest of Snowball's
 * Portuguese list and chat filler. Kept apart from STOPWORDS so stored offline vectors stay valid.
 */
const LEXICAL_STOPWORDS = new Set([
  ...STOPWORDS,
  ...(
    "aquelas aqueles depois antes mesmo mesma nem numas nuns teus tuas outro outra outros outras cada qualquer quaisquer " +
    "esteve estivemos estiveram estavamos estavam esteja estejam estivesse estiver " +
    "houve haja hajam houver fui fomos fora seja sejam fosse fossem for forem serei seremos " +
    "tinhamos tinham tivemos tiveram tenha tenham tivesse tiver terei tera teremos terao teria teriam tens " +
    "dao dar dou deu consigo consegue conseguem gente ne ta tah ok certo beleza bem " +
    "informar informe informacao informacoes duvida duvidas pergunta ajuda ajudar please pfv pls " +
    "senhor senhora sr sra cade assim"
  ).split(" "),
]);

export const isLexicalStopword = (word: string) => LEXICAL_STOPWORDS.has(word);

/**
 * The full-text key of a folded word: its stem when that is at least 4 letters and differs from
 * the word (asked as an FTS5 prefix, so "entregam" finds "entrega"), else the word itself. Shared
 * by the query builder and the per-agent document frequencies, so both count the same thing.
 */
export function lexicalKey(word: string): string {
  const s = stem(word);
  return s.length >= 4 && s !== word ? s : word;
}

/** Suffixes stripped longest first, keeping a stem of at least 3 letters (a light RSLP-like pass). */
const SUFFIXES = [
  "amentos", "imentos", "amento", "imento", "acoes", "icoes", "mente", "idades", "idade", "acao", "icao", "adores", "adora", "ador",
  "aveis", "iveis", "avel", "ivel", "ismos", "ismo", "istas", "ista", "ancia", "encia", "ando", "endo", "indo", "amos", "emos", "imos", "aram", "eram", "iram",
  "avam", "ados", "adas", "idos", "idas", "ado", "ada", "ido", "ida", "oes", "aes", "ais", "eis", "ar", "er", "ir", "am", "em",
  "es", "os", "as", "a", "o", "e", "s",
];

/** Light Portuguese stem of a folded word: "entregas", "entregamos", "entrega" → "entreg". */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  let s = word;
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      s = word.slice(0, -suffix.length);
      break;
    }
  }
  // Spelling alternations before e/i: "marque"/"marcar", "entregue"/"entregar".
  if (s.endsWith("qu")) return `${s.slice(0, -2)}c`;
  if (s.endsWith("gu") && s.length > 3) return s.slice(0, -1);
  return s;
}

/**
 * Concept → words. General vocabulary of small-business FAQs, not of any one corpus; matched by
 * stem, and a word keeps its own feature too, so "pix" still matches "pix" better than "boleto".
 */
const CONCEPTS: Record<string, string> = {
  preco: "preco precos valor valores custa custam custo cobra cobram cobrado cobrada taxa multa tabela orcamento barato caro gratis gratuito reais",
  horario: "horario horarios abre abrem aberto aberta fecha fecham fechado funciona funcionamento expediente atende atendimento hora horas",
  semana: "segunda terca quarta quinta sexta sabado sabados domingo domingos feriado feriados semana",
  entrega: "entrega entregas entregam entregar delivery envio enviam enviar manda mandam frete despacho recebo receber chega chegar transportadora correios motoboy",
  prazo: "prazo prazos demora demoram rapido tempo",
  pagamento: "pagamento pagar pago paga pix cartao cartoes credito debito boleto dinheiro parcela parcelas parcelar parcelamento vezes juros",
  local: "endereco localizacao localizado local fica ficam rua avenida bairro cidade mapa perto referencia loja unidade",
  troca: "troca trocas trocar devolucao devolver devolvo reembolso estorno arrependimento defeito garantia",
  contato: "contato telefone whatsapp zap ligar ligacao falar email numero celular",
  agenda: "agendar agendamento marcar marcacao reserva reservar consulta horario vaga encaixe",
  cancelar: "cancelar cancelamento desmarcar remarcar desistir falta",
  desconto: "desconto descontos cupom cupons promocao promocoes oferta liquidacao fidelidade",
  estacionamento: "estacionamento estacionar vaga vagas carro garagem manobrista",
  tamanho: "tamanho tamanhos medida medidas veste numeracao pequeno grande largo apertado",
  pedido: "pedido pedidos compra compras encomenda encomendas rastrear rastreio rastreamento codigo acompanhar",
  saude: "convenio convenios plano planos saude dor urgencia emergencia",
  alimento: "gluten lactose vegano vegana vegetariano integral acucar diet alergia ingredientes",
};

const CONCEPT_OF = new Map<string, string[]>();
for (const [concept, words] of Object.entries(CONCEPTS)) {
  for (const w of words.split(" ")) {
    const s = stem(w);
    const list = CONCEPT_OF.get(s) ?? [];
    if (!list.includes(concept)) CONCEPT_OF.set(s, [...list, concept]);
  }
}

/** Concepts a stem belongs to (usually none). */
export const conceptsOf = (s: string): string[] => CONCEPT_OF.get(s) ?? [];

/** Content words of a text: folded, stopwords dropped (kept if that would leave nothing). */
export function contentWords(text: string): string[] {
  const words = fold(text).split(" ").filter(Boolean);
  const kept = words.filter((w) => !STOPWORDS.has(w));
  return kept.length > 0 ? kept : words;
}
