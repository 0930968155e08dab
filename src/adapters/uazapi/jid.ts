/**
 * WhatsApp addresses as UAZAPI writes them: "5511999999999@s.whatsapp.net", a device-qualified
 * "5511999999999:12@s.whatsapp.net", a display phone "+55 11 99999-9999", or an opaque
 * "123456789012345@lid" / group "…@g.us" that is no phone at all. And message ids, which come
 * bare or prefixed with the owner's phone.
 */
const NOT_A_PHONE = /@(lid|g\.us|broadcast|newsletter)$/i;

/** The phone (digits only) a JID or display number stands for, or null when it names no phone. */
export function phoneOfJid(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const raw = value.trim();
  if (!raw || NOT_A_PHONE.test(raw)) return null;
  const user = raw.split("@")[0]?.split(":")[0] ?? "";
  const digits = user.replace(/\D/g, "");
  // E.164 allows at most 15 digits; anything shorter than 8 is not a reachable number.
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** The bare WhatsApp id: `id` comes as "<owner>:<messageid>", and receipts name messages by the bare one. */
export function bareMessageId(messageid: unknown, id: unknown): string | null {
  if (typeof messageid === "string" && messageid.trim()) return messageid.trim();
  if (typeof id !== "string" || !id.trim()) return null;
  return id.trim().split(":").pop() || null;
}
