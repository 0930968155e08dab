/**
 * Splits a document into retrieval chunks of at most `maxChars` (heading line included). Cuts fall
 * on headings first, then paragraphs, sentence ends, and only then between words: never inside a
 * word (a single word longer than the budget becomes a chunk of its own). Consecutive chunks of one
 * section share up to `overlapChars` of whole sentences (or whole words), so an answer that
 * straddles a cut is still found. Each chunk starts with its section's nearest heading.
 */
export type ChunkOptions = {
  maxChars?: number;
  overlapChars?: number;
  /** Stop after this many + 1 chunks: the caller refuses an oversized source without building it all. */
  maxChunks?: number;
};

const DEFAULT_MAX = 900;
const DEFAULT_OVERLAP = 150;
/** A heading longer than this is cut (at a word) before it prefixes every chunk of its section. */
const MAX_HEADING = 120;

/** Abbreviations whose period does not end a sentence (folded to lowercase, without the dot). */
const ABBREVIATIONS = new Set(
  "sr sra srta dr dra drs prof profa av al r n nº no num art pag pág tel cel ltda cia etc ex exa sto sta vol cap fig obs aprox min max hs".split(" "),
);

type Section = { heading: string | null; paragraphs: string[] };
/** A piece of text and what joins it to the previous piece of the same chunk. */
type Unit = { text: string; sep: string };

function headingOf(line: string, prevBlank: boolean): string | null {
  const md = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
  if (md?.[1]) return md[1];
  // A short line in capitals standing on its own ("HORÁRIOS", "FORMAS DE PAGAMENTO").
  const letters = line.replace(/[^\p{L}]/gu, "");
  if (prevBlank && letters.length >= 3 && line.length <= 80 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() && !/[.,;]$/.test(line)) {
    return line.replace(/:$/, "");
  }
  return null;
}

function sections(text: string): Section[] {
  const out: Section[] = [{ heading: null, paragraphs: [] }];
  let para: string[] = [];
  let prevBlank = true;
  const current = () => out[out.length - 1] ?? { heading: null, paragraphs: [] };
  const flush = () => {
    if (para.length) current().paragraphs.push(para.join("\n"));
    para = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.replace(/[ \t\u00a0]+/g, " ").trim();
    if (!line) {
      flush();
      prevBlank = true;
      continue;
    }
    const heading = headingOf(line, prevBlank);
    if (heading) {
      flush();
      out.push({ heading: cutAtWord(heading, MAX_HEADING), paragraphs: [] });
    } else para.push(line);
    prevBlank = heading !== null;
  }
  flush();
  return out.filter((s) => s.paragraphs.length > 0);
}

function cutAtWord(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max + 1).replace(/\s+\S*$/, "");
  return cut || s.slice(0, max);
}

/** Sentences of one line: after . ! ? … (and closing quotes) when the next word starts like a sentence. */
export function sentences(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of line.matchAll(/[.!?…]+["'”’»)\]]*\s+/g)) {
    const end = (m.index ?? 0) + m[0].length;
    const next = line[end] ?? "";
    const before = /([\p{L}º]+)[.!?…]+["'”’»)\]]*\s+$/u.exec(line.slice(start, end));
    const word = before?.[1] ?? "";
    const abbreviation = m[0].startsWith(".") && (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word));
    if (!abbreviation && /[\p{Lu}\d"'“«(¿¡•\-–—]/u.test(next)) {
      out.push(line.slice(start, end).trim());
      start = end;
    }
  }
  const rest = line.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Word groups of at most `budget` characters (a longer single word stays whole). */
function byWords(s: string, budget: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const w of s.split(/\s+/).filter(Boolean)) {
    if (cur && cur.length + 1 + w.length > budget) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out;
}

/** The section as units no longer than `budget`: paragraphs, else sentences, else word groups. */
function units(section: Section, budget: number): Unit[] {
  const out: Unit[] = [];
  for (const para of section.paragraphs) {
    if (para.length <= budget) {
      out.push({ text: para, sep: "\n\n" });
      continue;
    }
    let sep = "\n\n";
    for (const line of para.split("\n")) {
      for (const sentence of sentences(line)) {
        for (const piece of sentence.length <= budget ? [sentence] : byWords(sentence, budget)) {
          out.push({ text: piece, sep });
          sep = " ";
        }
      }
      sep = "\n";
    }
  }
  return out;
}

const joined = (us: Unit[]) => us.map((u, i) => (i === 0 ? u.text : u.sep + u.text)).join("");

/** Trailing units (or, failing that, trailing words) of a chunk, at most `max` characters. */
function overlapOf(prev: Unit[], max: number): Unit[] {
  if (max <= 0) return [];
  const tail: Unit[] = [];
  let len = 0;
  for (let i = prev.length - 1; i >= 0; i--) {
    const u = prev[i];
    if (!u || len + u.text.length + (tail.length ? u.sep.length : 0) > max) break;
    tail.unshift(u);
    len += u.text.length + 1;
  }
  if (tail.length) return tail;
  const words = (prev[prev.length - 1]?.text ?? "").split(/\s+/);
  let text = "";
  for (let i = words.length - 1; i >= 0; i--) {
    const next = text ? `${words[i]} ${text}` : (words[i] ?? "");
    if (next.length > max) break;
    text = next;
  }
  return text ? [{ text, sep: " " }] : [];
}

export function chunkText(text: string, opts: ChunkOptions = {}): string[] {
  const maxChars = Math.max(50, opts.maxChars ?? DEFAULT_MAX);
  const overlapChars = Math.max(0, Math.min(opts.overlapChars ?? DEFAULT_OVERLAP, Math.floor(maxChars / 2)));
  const normalised = text.replace(/\r\n?/g, "\n");
  const chunks: string[] = [];
  const limit = opts.maxChunks ?? Number.POSITIVE_INFINITY;
  for (const section of sections(normalised)) {
    if (chunks.length > limit) break;
    const prefix = section.heading ? `${section.heading}\n` : "";
    const budget = Math.max(20, maxChars - prefix.length);
    let cur: Unit[] = [];
    let fresh = 0;
    const emit = () => {
      const body = joined(cur).trim();
      if (body && fresh > 0) chunks.push(prefix + body);
    };
    for (const u of units(section, budget)) {
      if (chunks.length > limit) break;
      if (cur.length && joined([...cur, u]).length > budget) {
        emit();
        cur = overlapOf(cur, overlapChars);
        // The overlap must leave room for the new unit, else the chunk starts clean.
        if (joined([...cur, u]).length > budget) cur = [];
        fresh = 0;
      }
      cur.push(cur.length ? u : { text: u.text, sep: "" });
      fresh++;
    }
    emit();
  }
  return chunks;
}
