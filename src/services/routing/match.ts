/**
 * Text matching of the routing engine: accent- and case-insensitive whole-word (or whole-phrase)
 * keyword matches, so "preço" matches "PRECO?" but "pre" does not match "preço". The folding is the
 * sentiment lexicon's, so rules and sentiment conditions see the same words.
 */
import { foldText } from "../insights/lexicon";

export { foldText };

/** Whether the keyword (a word or a phrase) occurs in the text as whole words. */
export function hasKeyword(foldedText: string, keyword: string): boolean {
  const k = foldText(keyword);
  if (!k) return false;
  return ` ${foldedText} `.includes(` ${k} `);
}

export function matchesKeywords(foldedText: string, keywords: readonly string[], mode: "any" | "all" = "any"): boolean {
  if (!keywords.length) return false;
  return mode === "all" ? keywords.every((k) => hasKeyword(foldedText, k)) : keywords.some((k) => hasKeyword(foldedText, k));
}
