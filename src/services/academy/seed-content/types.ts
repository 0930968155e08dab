/** Shapes of the seeded course's content (issue 19, H2): modules, text lessons, quiz questions. */
export type SeedQuestion = {
  prompt: string;
  kind: "single" | "multiple";
  options: { id: string; text: string }[];
  correct: string[];
  explanation: string;
};
export type SeedLesson = { title: string; description: string; minutes: number; contentMd: string };
export type SeedModule = {
  title: string;
  description: string;
  lessons: SeedLesson[];
  quiz: { title: string; timeLimitMinutes: number | null; questions: SeedQuestion[] };
};

/** Options lettered a, b, c…: stable ids, so a quiz's right answers read the same across boots. */
export const opts = (...texts: string[]) => texts.map((text, i) => ({ id: "abcdefgh"[i] ?? String(i), text }));
