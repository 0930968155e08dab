/** Contracts of the module quizzes and the certificates (issue 19; SPEC §3 Academy, §9 quiz 70 and 3 attempts). Pure. */
import { z } from "zod";
import type { QuestionKind } from "./common";

export const quizIdInput = z.object({ quizId: z.string().uuid("Questionário inválido") });

/**
 * A question's chosen options. Only answers arrive: the score is computed on the server, and any other
 * key a client sends ("score", "passed") is stripped by the object parser.
 */
export const quizSubmitInput = z.object({
  attemptId: z.string().uuid("Tentativa inválida"),
  answers: z.record(z.string().max(64), z.array(z.string().max(16)).max(8)).default({}),
});
export type QuizSubmitInput = z.infer<typeof quizSubmitInput>;

/** Codes are printed as ATD-XXXX-XXXX; people type them in any case and with stray spaces. */
export const certificateCodeInput = z.object({
  code: z
    .string()
    .trim()
    .max(32, "Código inválido")
    .transform((s) => s.toUpperCase()),
});

export const certificateIdInput = z.object({ id: z.string().uuid("Certificado inválido") });

/**
 * A submit that arrives after the deadline (plus a short grace for the network) scores 0: the
 * answers only travel on submit, so nothing "arrived in time" could be counted.
 */
export const QUIZ_SUBMIT_GRACE_MS = 30_000;

export const QUIZ_ERRORS = {
  notFound: "Questionário não encontrado.",
  attemptNotFound: "Tentativa não encontrada.",
  noAttemptsLeft: (max: number) => `Você já usou as ${max} tentativas deste questionário.`,
  alreadyPassed: "Você já foi aprovado neste questionário.",
  alreadySubmitted: "Esta tentativa já foi enviada.",
  busy: "Outra tentativa acabou de ser aberta. Atualize a página.",
  empty: "Este questionário ainda não tem perguntas.",
} as const;

export const CERTIFICATE_TEXT = {
  notFound: "Certificado não encontrado",
  valid: "Certificado válido",
} as const;

export type QuizOption = { id: string; text: string };
export type QuizQuestionView = {
  id: string;
  prompt: string;
  kind: QuestionKind;
  options: QuizOption[];
  /** Only once the review is allowed (a pass or the last attempt used); null before. */
  correctOptionIds: string[] | null;
  explanation: string | null;
};
export type QuizAttemptView = {
  id: string;
  attemptNumber: number;
  score: number | null;
  passed: boolean;
  startedAt: number;
  submittedAt: number | null;
};
export type QuizView = {
  id: string;
  title: string;
  description: string;
  courseId: string;
  courseTitle: string;
  moduleTitle: string;
  passingScore: number;
  maxAttempts: number;
  timeLimitMinutes: number | null;
  questions: QuizQuestionView[];
  attempts: QuizAttemptView[];
  /** An attempt started and not yet submitted, still within its time. */
  openAttempt: { id: string; attemptNumber: number; startedAt: number; deadline: number | null } | null;
  passed: boolean;
  attemptsLeft: number;
  reviewAvailable: boolean;
  /** The last submitted attempt's answers, shown beside the right ones in the review. */
  lastAnswers: Record<string, string[]> | null;
};
export type QuizStartResult = { attemptId: string; attemptNumber: number; startedAt: number; deadline: number | null };
export type QuizSubmitResult = {
  score: number;
  passed: boolean;
  correctCount: number;
  questionCount: number;
  /** Submitted after the time limit: scored 0. */
  late: boolean;
  attemptsLeft: number;
  courseCompleted: boolean;
  certificateId: string | null;
};
export type CertificateSummary = {
  id: string;
  courseId: string;
  courseTitle: string;
  recipientName: string;
  verificationCode: string;
  issuedAt: number;
  pdfUrl: string;
};
export type CertificateVerification =
  | { valid: true; recipientName: string; courseTitle: string; issuedAt: number }
  | { valid: false };

export const certificatePdfUrl = (id: string) => `/api/v1/academy/certificates/${id}/pdf`;
export const certificateVerifyPath = (code: string) => `/certificado/${encodeURIComponent(code)}`;
