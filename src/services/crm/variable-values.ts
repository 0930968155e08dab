/**
 * A contact variable's value checked with the contact form's own rules (SPEC §5 CRM), so a value
 * typed in the variables card or extracted by the agent never stores what the form would refuse.
 */
import { contactFields } from "../../schemas/crm/contacts";
import { CONTACT_FIELD_OF_VARIABLE, type ContactVariableName } from "../../schemas/crm/variables";

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The shapes customers write: dd/mm/aaaa birthdays, CEP without hyphen. */
function prepared(name: ContactVariableName, value: string): string {
  const v = value.trim();
  if (name === "data_nascimento") {
    const m = BR_DATE.exec(v);
    return m ? `${m[3]}-${m[2]}-${m[1]}` : v;
  }
  if (name === "cep") {
    const digits = v.replace(/\D/g, "");
    return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : v;
  }
  return v;
}

function check(name: ContactVariableName, value: string) {
  const field = CONTACT_FIELD_OF_VARIABLE[name];
  const r = contactFields.shape[field].safeParse(prepared(name, value));
  if (!r.success) return { ok: false as const, message: r.error.issues[0]?.message ?? "Valor inválido" };
  if (r.data === null || r.data === undefined || r.data === "") return { ok: false as const, message: "Valor é obrigatório" };
  return { ok: true as const, value: String(r.data) };
}

/** The pt-BR reason a contact field refuses the value, or null. */
export function contactFieldProblem(name: ContactVariableName, value: string): string | null {
  const r = check(name, value);
  return r.ok ? null : r.message;
}

/** The value as the contact stores it (E.164 phone, ISO birthday…), or null when the form would refuse it. */
export function normalizeContactValue(name: ContactVariableName, value: string): string | null {
  const r = check(name, value);
  return r.ok ? r.value : null;
}
