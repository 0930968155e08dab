import { createHash } from "node:crypto";
import type { VariantOverrides } from "../../schemas/ab-tests";

/**
 * Pure parts of the sticky assignment (issue 18): which variant a subject lands in and what the
 * variant changes in the agent. Deterministic, so two turns racing to assign the same subject
 * compute the same variant and the loser of the INSERT reads back what the winner wrote.
 */

/** A uniform bucket in [0, 100) from sha256(testId:subjectKey): the first 48 bits as a fraction. */
export function bucketOf(testId: string, subjectKey: string): number {
  const digest = createHash("sha256").update(`${testId}:${subjectKey}`).digest();
  return (digest.readUIntBE(0, 6) / 2 ** 48) * 100;
}

/** The index of the variant whose slice of the cumulative split holds the bucket. */
export function variantIndexFor(split: number[], bucket: number): number {
  const total = split.reduce((a, b) => a + b, 0) || 1;
  const scaled = (bucket / 100) * total;
  let acc = 0;
  for (let i = 0; i < split.length; i++) {
    acc += split[i] ?? 0;
    if (scaled < acc) return i;
  }
  return Math.max(0, split.length - 1);
}

/** Who a test follows: the CRM contact when the conversation is linked to one, else the channel's contact key. */
export function subjectKeyOf(contactId: string | null, channel: string, contactKey: string): string {
  return contactId ?? `${channel}:${contactKey}`;
}

export const OVERRIDE_KEYS = ["specialInstructions", "personality", "personalityPreset", "aiModel", "greetingMessage"] as const satisfies readonly (keyof VariantOverrides)[];

/** Only the overrides the variant sets (an empty string counts as "keep the agent's"). */
export function definedOverrides(o: VariantOverrides): Partial<Record<(typeof OVERRIDE_KEYS)[number], string>> {
  const out: Partial<Record<(typeof OVERRIDE_KEYS)[number], string>> = {};
  for (const k of OVERRIDE_KEYS) {
    const v = o[k];
    if (typeof v === "string" && v.trim()) out[k] = v;
  }
  return out;
}
