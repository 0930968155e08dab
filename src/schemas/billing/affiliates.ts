import { z } from "zod";

/**
 * Affiliates (/afiliados, /admin/afiliados): inputs shared by the forms and the procedures.
 * Money in centavos; a rate is a fraction (0.10 = 10 %).
 */

/** A payout below this is refused (R$ 50,00): Pix transfers by hand are not worth less. */
export const MIN_PAYOUT_CENTS = 5000;
export const MAX_COMMISSION_RATE = 0.5;

const CPF = /^\d{11}$/;
const CNPJ = /^\d{14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+55\d{10,11}$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Valid CPF check digits (a typo'd key would send the money to nobody, or to someone else). */
function cpfOk(d: string) {
  if (/^(\d)\1{10}$/.test(d)) return false;
  const digit = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}

function cnpjOk(d: string) {
  if (/^(\d)\1{13}$/.test(d)) return false;
  const digit = (n: number) => {
    const weights = n === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + Number(d[i]) * w, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return digit(12) === Number(d[12]) && digit(13) === Number(d[13]);
}

/** The key as stored: CPF/CNPJ digits only, e-mail lower-case, phone +55…, random key lower-case. */
export function normalizePixKey(raw: string): string | null {
  const v = raw.trim();
  if (EMAIL.test(v)) return v.toLowerCase();
  if (RANDOM_KEY.test(v)) return v.toLowerCase();
  if (v.startsWith("+")) {
    const phone = `+${v.replace(/\D/g, "")}`;
    return PHONE.test(phone) ? phone : null;
  }
  const digits = v.replace(/[.\-/\s]/g, "");
  if (CPF.test(digits) && cpfOk(digits)) return digits;
  if (CNPJ.test(digits) && cnpjOk(digits)) return digits;
  return null;
}

export const PIX_KEY_MESSAGE = "Chave Pix inválida: use CPF, CNPJ, e-mail, telefone (+55…) ou chave aleatória";

export const setPixKeyInput = z.object({
  pixKey: z
    .string()
    .trim()
    .min(1, "Informe a chave Pix")
    .max(120)
    .refine((v) => normalizePixKey(v) !== null, PIX_KEY_MESSAGE),
});
export type SetPixKeyInput = z.infer<typeof setPixKeyInput>;

const page = { page: z.number().int().min(1).max(10_000).default(1), pageSize: z.number().int().min(5).max(100).default(20) };

export const commissionStatus = z.enum(["pending", "approved", "paid", "canceled"]);
export type CommissionStatus = z.infer<typeof commissionStatus>;
export const payoutStatus = z.enum(["pending", "paid", "rejected"]);

export const myCommissionsInput = z.object({ ...page, status: commissionStatus.optional() });
export const adminAffiliatesInput = z.object({ ...page, search: z.string().trim().max(120).default("") });
export const adminCommissionsInput = z.object({ ...page, status: commissionStatus.optional() });
export const adminPayoutsInput = z.object({ ...page, status: payoutStatus.optional() });

export const setRateInput = z.object({
  affiliateId: z.string().min(1).max(64),
  /** A fraction: 0.1 = 10 %. */
  rate: z.number().min(0, "A comissão não pode ser negativa").max(MAX_COMMISSION_RATE, "A comissão máxima é 50%"),
});
export type SetRateInput = z.infer<typeof setRateInput>;

export const idInput = z.object({ id: z.string().min(1).max(64) });
export const rejectPayoutInput = z.object({ id: z.string().min(1).max(64), note: z.string().trim().max(500).default("") });
export const markPaidInput = z.object({ id: z.string().min(1).max(64), note: z.string().trim().max(500).default("") });

/** A referral code in a link: letters and digits, as generated (upper-cased on read). */
export const referralCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/)
  .transform((v) => v.toUpperCase());
export const trackClickInput = z.object({ code: referralCode, path: z.string().max(200).default("/") });
