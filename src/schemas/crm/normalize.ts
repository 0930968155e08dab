import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A phone as E.164 ("+5511987654321"), reading a number without a country code as Brazilian; null
 * when it cannot be a phone. Every channel and form stores this form, so "(11) 98765-4321",
 * "5511987654321" and WhatsApp's "5511987654321" wa_id all find the same contact.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return null;
  const fast = brazilianFastPath(raw, digits);
  if (fast) return fast;
  // A leading 55 with 12–13 digits is already Brazil's country code (WhatsApp ids carry no "+").
  const candidate = raw.trim().startsWith("+") || (digits.startsWith("55") && digits.length >= 12) ? `+${digits}` : digits;
  const parsed = parsePhoneNumberFromString(candidate, "BR");
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * The common Brazilian shapes (DDD + 8–9 digits, or 55 + that) without libphonenumber, which costs
 * ~50 µs a call (a 100k-row import spent seconds in it). Gives exactly what the parser gives
 * (test/crm-imports-rows.test.ts compares them); anything else (a leading 0, DDD 55 without the
 * country code, other countries) returns undefined and goes to the parser.
 */
function brazilianFastPath(raw: string, digits: string): string | undefined {
  const plus = raw.trim().startsWith("+");
  let national: string | null = null;
  if (!plus && (digits.length === 10 || digits.length === 11) && !digits.startsWith("55")) national = digits;
  else if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) national = digits.slice(2);
  if (!national || national[0] === "0" || national[1] === "0") return undefined;
  return `+55${national}`;
}

/** E-mails are matched case-insensitively: stored trimmed and lower-case. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  const email = raw?.trim().toLowerCase();
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

/** "+5511987654321" → "+55 (11) 98765-4321" for display; other countries as stored. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return "";
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : e164;
}
