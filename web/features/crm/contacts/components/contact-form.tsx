import { CONTACT_SOURCE_LABEL, CONTACT_STATUS_LABEL, type ContactSource, type ContactStatus, contactSources, contactStatuses } from "../../../../../src/schemas/crm/contacts";
import { formatPhone } from "../../../../../src/schemas/crm/normalize";
import { SelectInput, TextArea, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { TagInput } from "../../../../components/ui/tag-input";
import type { FieldErrors } from "../../../../lib/form-errors";

/** Every SPEC §3 contact field as the form holds it (text boxes hold strings). */
export type ContactFormValues = {
  name: string;
  email: string;
  phone: string;
  companyName: string;
  jobTitle: string;
  gender: string;
  birthDate: string;
  website: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  source: ContactSource;
  status: ContactStatus;
  tags: string[];
  customFields: { key: string; value: string }[];
  notes: string;
  visibleInFunnel: boolean;
};

export const emptyContactForm: ContactFormValues = {
  name: "",
  email: "",
  phone: "",
  companyName: "",
  jobTitle: "",
  gender: "",
  birthDate: "",
  website: "",
  address: "",
  city: "",
  state: "",
  country: "Brasil",
  zipCode: "",
  source: "manual",
  status: "lead",
  tags: [],
  customFields: [],
  notes: "",
  visibleInFunnel: true,
};

type Stored = { [K in Exclude<keyof ContactFormValues, "customFields" | "tags" | "source" | "status" | "visibleInFunnel">]?: string | null } & {
  source: string;
  status: string;
  tags: string[];
  customFields: Record<string, string>;
  visibleInFunnel: boolean;
};

/** A stored contact as form values (phone shown formatted). */
export function toFormValues(c: Stored): ContactFormValues {
  const text = (v: string | null | undefined) => v ?? "";
  return {
    name: text(c.name),
    email: text(c.email),
    phone: c.phone ? formatPhone(c.phone) : "",
    companyName: text(c.companyName),
    jobTitle: text(c.jobTitle),
    gender: text(c.gender),
    birthDate: text(c.birthDate),
    website: text(c.website),
    address: text(c.address),
    city: text(c.city),
    state: text(c.state),
    country: text(c.country) || "Brasil",
    zipCode: text(c.zipCode),
    source: (contactSources as readonly string[]).includes(c.source) ? (c.source as ContactSource) : "manual",
    status: (contactStatuses as readonly string[]).includes(c.status) ? (c.status as ContactStatus) : "lead",
    tags: c.tags,
    customFields: Object.entries(c.customFields).map(([key, value]) => ({ key, value })),
    notes: text(c.notes),
    visibleInFunnel: c.visibleInFunnel,
  };
}

/** The form as the contract's input (custom fields as a record; blank rows dropped). */
export function toInput(v: ContactFormValues) {
  const customFields = Object.fromEntries(v.customFields.filter((f) => f.key.trim()).map((f) => [f.key.trim(), f.value]));
  return { ...v, customFields };
}

const statusOptions = contactStatuses.map((s) => ({ value: s, label: CONTACT_STATUS_LABEL[s] }));
const sourceOptions = contactSources.map((s) => ({ value: s, label: CONTACT_SOURCE_LABEL[s] }));

type Props = { values: ContactFormValues; onChange: (v: ContactFormValues) => void; errors: FieldErrors; disabled?: boolean };

/** The contact's fields in groups; each error shows under its field. */
export function ContactForm({ values: v, onChange, errors, disabled }: Props) {
  const set = <K extends keyof ContactFormValues>(key: K) => (value: ContactFormValues[K]) => onChange({ ...v, [key]: value });
  const text = (key: Exclude<keyof ContactFormValues, "customFields" | "tags" | "source" | "status" | "visibleInFunnel">, label: string, extra: { type?: string; placeholder?: string; max?: number; className?: string } = {}) => (
    <TextInput label={label} value={v[key]} onChange={set(key)} error={errors[key]} disabled={disabled} {...extra} />
  );
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-sm">Identificação</legend>
        {text("name", "Nome", { max: 200, className: "sm:col-span-2" })}
        {text("email", "E-mail", { type: "email", placeholder: "nome@empresa.com.br" })}
        {text("phone", "Telefone", { type: "tel", placeholder: "(11) 98765-4321" })}
        {text("companyName", "Empresa", { max: 200 })}
        {text("jobTitle", "Cargo", { max: 100 })}
        {text("gender", "Gênero", { max: 20 })}
        {text("birthDate", "Data de nascimento", { type: "date" })}
        {text("website", "Site", { type: "url", placeholder: "https://", className: "sm:col-span-2" })}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-sm">Endereço</legend>
        {text("address", "Endereço", { max: 300, className: "sm:col-span-2" })}
        {text("city", "Cidade", { max: 100 })}
        {text("state", "Estado", { max: 100 })}
        {text("zipCode", "CEP", { placeholder: "00000-000" })}
        {text("country", "País", { max: 100 })}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-sm">Relacionamento</legend>
        <SelectInput label="Status" value={v.status} onChange={set("status")} options={statusOptions} error={errors.status} disabled={disabled} />
        <SelectInput label="Origem" value={v.source} onChange={set("source")} options={sourceOptions} error={errors.source} disabled={disabled} />
        <div className="sm:col-span-2">
          <TagInput label="Etiquetas" values={v.tags} onChange={set("tags")} max={30} placeholder="Digite e tecle Enter" error={errors.tags} />
        </div>
        <div className="sm:col-span-2">
          <ToggleRow label="Mostrar no funil" description="Negócios deste contato podem ser abertos no funil de vendas." checked={v.visibleInFunnel} onChange={set("visibleInFunnel")} disabled={disabled} />
        </div>
        <TextArea label="Observações" value={v.notes} onChange={set("notes")} max={5000} rows={3} error={errors.notes} disabled={disabled} className="sm:col-span-2" />
      </fieldset>
      <CustomFields rows={v.customFields} onChange={set("customFields")} error={errors.customFields} disabled={disabled} />
    </div>
  );
}

function CustomFields({ rows, onChange, error, disabled }: { rows: { key: string; value: string }[]; onChange: (r: { key: string; value: string }[]) => void; error?: string; disabled?: boolean }) {
  const put = (i: number, patch: Partial<{ key: string; value: string }>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-sm">Campos personalizados</legend>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; order is the identity while editing
        <div key={i} className="flex items-end gap-2">
          <TextInput label={`Campo ${i + 1}`} value={r.key} onChange={(key) => put(i, { key })} max={100} className="flex-1" disabled={disabled} />
          <TextInput label={`Valor ${i + 1}`} value={r.value} onChange={(value) => put(i, { value })} max={1000} className="flex-1" disabled={disabled} />
          <button type="button" className="btn btn-ghost btn-sm mb-1" aria-label={`Remover campo ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} disabled={disabled}>
            ✕
          </button>
        </div>
      ))}
      {error && <p className="text-error text-xs">{error}</p>}
      <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => onChange([...rows, { key: "", value: "" }])} disabled={disabled}>
        + Adicionar campo
      </button>
    </fieldset>
  );
}
