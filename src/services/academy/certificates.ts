/**
 * Course certificates (issue 19): issued once per user and course, listed for their owner, and
 * verified by anyone who holds the code (/certificado/{code}) — the verification tells name,
 * course and date, nothing else.
 */
import { and, desc, eq } from "drizzle-orm";
import { academyCertificates, academyCourses } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { type CertificateSummary, type CertificateVerification, certificatePdfUrl } from "../../schemas/academy/quiz";
import type { AppDeps } from "../context";

/** No 0/O, 1/I/L: a code read off paper and typed back must not be ambiguous. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "ATD-7K2M-9QXP": 8 symbols of a 31-letter alphabet from crypto random (~40 bits, not guessable in bulk). */
export function newVerificationCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  // 256 % 31 leaves a bias of under 1% per symbol: harmless for a code that only has to be unique and unguessable.
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return `ATD-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

type Issue = { userId: string; courseId: string; recipientName: string; issuedAt: number };

/**
 * Inserts the certificate once: the unique (user, course) index makes a concurrent second call a
 * no-op, and a code that happens to collide is drawn again. Returns the certificate's id.
 */
export async function issueCertificate(deps: Pick<AppDeps, "db">, issue: Issue): Promise<string> {
  for (let tries = 0; tries < 5; tries++) {
    const course = await deps.db.select({ title: academyCourses.title }).from(academyCourses).where(eq(academyCourses.id, issue.courseId)).get();
    await deps.db
      .insert(academyCertificates)
      .values({ ...issue, courseTitle: course?.title ?? "", verificationCode: newVerificationCode() })
      .onConflictDoNothing();
    const row = await deps.db
      .select({ id: academyCertificates.id })
      .from(academyCertificates)
      .where(and(eq(academyCertificates.userId, issue.userId), eq(academyCertificates.courseId, issue.courseId)))
      .get();
    if (row) return row.id;
  }
  throw new AppError("CONFLICT", "Não foi possível emitir o certificado agora. Tente novamente.");
}

const summary = (row: typeof academyCertificates.$inferSelect): CertificateSummary => ({
  id: row.id,
  courseId: row.courseId,
  courseTitle: row.courseTitle,
  recipientName: row.recipientName,
  verificationCode: row.verificationCode,
  issuedAt: row.issuedAt,
  pdfUrl: certificatePdfUrl(row.id),
});

export async function myCertificates(deps: Pick<AppDeps, "db">, userId: string): Promise<CertificateSummary[]> {
  const rows = await deps.db.select().from(academyCertificates).where(eq(academyCertificates.userId, userId)).orderBy(desc(academyCertificates.issuedAt));
  return rows.map(summary);
}

export async function verifyCertificate(deps: Pick<AppDeps, "db">, code: string): Promise<CertificateVerification> {
  if (!code) return { valid: false };
  const row = await deps.db
    .select({ recipientName: academyCertificates.recipientName, courseTitle: academyCertificates.courseTitle, issuedAt: academyCertificates.issuedAt })
    .from(academyCertificates)
    .where(eq(academyCertificates.verificationCode, code))
    .get();
  return row ? { valid: true, ...row } : { valid: false };
}

/** The owner's certificate, or an admin's look at anyone's; anything else is "not found" (ids leak nothing). */
export async function certificateFor(
  deps: Pick<AppDeps, "db">,
  viewer: { id: string; role: "user" | "admin" },
  id: string,
): Promise<typeof academyCertificates.$inferSelect> {
  const row = await deps.db.select().from(academyCertificates).where(eq(academyCertificates.id, id)).get();
  if (!row || (row.userId !== viewer.id && viewer.role !== "admin")) throw new AppError("NOT_FOUND", "Certificado não encontrado");
  return row;
}
