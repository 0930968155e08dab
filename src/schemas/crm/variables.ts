import { z } from "zod";

export const variableCategories = ["contato", "conversa", "agente", "empresa", "datetime", "custom"] as const;
export const variableDataTypes = ["string", "number", "date", "boolean", "json"] as const;
export const variableSources = ["manual", "extracted", "api", "webhook", "integration"] as const;
export type VariableSource = (typeof variableSources)[number];

/**
 * Contact fields that are also variables: a value the agent extracts for `nome` lands in the
 * contact's name, and a name typed by a person is a manual `nome` the agent never overwrites.
 */
export const CONTACT_FIELD_OF_VARIABLE = {
  nome: "name",
  email: "email",
  telefone: "phone",
  empresa: "companyName",
  cargo: "jobTitle",
  genero: "gender",
  data_nascimento: "birthDate",
  site: "website",
  endereco: "address",
  cidade: "city",
  estado: "state",
  cep: "zipCode",
} as const;
export type ContactVariableName = keyof typeof CONTACT_FIELD_OF_VARIABLE;
export type ContactFieldName = (typeof CONTACT_FIELD_OF_VARIABLE)[ContactVariableName];

export const VARIABLE_OF_CONTACT_FIELD = Object.fromEntries(Object.entries(CONTACT_FIELD_OF_VARIABLE).map(([v, f]) => [f, v])) as Record<ContactFieldName, ContactVariableName>;

/** SPEC §5: variable definition rules; `name` is what `{{name}}` refers to. */
export const variableName = z
  .string()
  .trim()
  .min(1, "Nome da variável é obrigatório")
  .max(100, "Nome da variável deve ter no máximo 100 caracteres")
  .regex(/^[a-z_][a-z0-9_]*$/, "Use letras minúsculas, números e _ (ex.: numero_pedido)");

export const contactVariableValue = z.object({
  variableName,
  value: z.string().max(5000, "Valor deve ter no máximo 5000 caracteres"),
  dataType: z.enum(variableDataTypes).default("string"),
  source: z.enum(variableSources, { message: "Origem inválida" }).default("manual"),
  confidenceScore: z.number().min(0, "Confiança deve estar entre 0 e 1").max(1, "Confiança deve estar entre 0 e 1").default(1),
});

export type VariableCategory = (typeof variableCategories)[number];
export type VariableDataType = (typeof variableDataTypes)[number];

export const VARIABLE_CATEGORY_LABEL: Record<VariableCategory, string> = {
  contato: "Contato",
  conversa: "Conversa",
  agente: "Agente",
  empresa: "Empresa",
  datetime: "Data e hora",
  custom: "Personalizada",
};
export const VARIABLE_DATA_TYPE_LABEL: Record<VariableDataType, string> = { string: "Texto", number: "Número", date: "Data", boolean: "Sim/Não", json: "JSON" };
export const VARIABLE_SOURCE_LABEL: Record<VariableSource, string> = {
  manual: "Manual",
  extracted: "Extraído pela IA",
  api: "API",
  webhook: "Webhook",
  integration: "Integração",
};

export type SystemVariable = { name: string; displayName: string; category: VariableCategory; dataType: VariableDataType; description: string };

/**
 * The variables every workspace has (SPEC §3 isSystem): the contact's own fields, and values the
 * renderer computes at send time (date/time in São Paulo, the agent). They cannot be edited.
 */
export const SYSTEM_VARIABLES: readonly SystemVariable[] = [
  { name: "nome", displayName: "Nome", category: "contato", dataType: "string", description: "Nome do contato" },
  { name: "telefone", displayName: "Telefone", category: "contato", dataType: "string", description: "Telefone do contato (com DDD)" },
  { name: "email", displayName: "E-mail", category: "contato", dataType: "string", description: "E-mail do contato" },
  { name: "empresa", displayName: "Empresa", category: "contato", dataType: "string", description: "Empresa onde o contato trabalha" },
  { name: "cargo", displayName: "Cargo", category: "contato", dataType: "string", description: "Cargo do contato" },
  { name: "cidade", displayName: "Cidade", category: "contato", dataType: "string", description: "Cidade do contato" },
  { name: "estado", displayName: "Estado", category: "contato", dataType: "string", description: "Estado (UF) do contato" },
  { name: "cep", displayName: "CEP", category: "contato", dataType: "string", description: "CEP do contato (00000-000)" },
  { name: "endereco", displayName: "Endereço", category: "contato", dataType: "string", description: "Endereço do contato" },
  { name: "site", displayName: "Site", category: "contato", dataType: "string", description: "Site do contato" },
  { name: "data_nascimento", displayName: "Data de nascimento", category: "contato", dataType: "date", description: "Data de nascimento do contato" },
  { name: "genero", displayName: "Gênero", category: "contato", dataType: "string", description: "Gênero do contato" },
  { name: "data", displayName: "Data de hoje", category: "datetime", dataType: "date", description: "Data atual (dd/mm/aaaa, horário de Brasília)" },
  { name: "hora", displayName: "Hora atual", category: "datetime", dataType: "string", description: "Hora atual (HH:mm, horário de Brasília)" },
  { name: "dia_semana", displayName: "Dia da semana", category: "datetime", dataType: "string", description: "Dia da semana atual (ex.: segunda-feira)" },
  { name: "saudacao", displayName: "Saudação", category: "datetime", dataType: "string", description: "Bom dia, Boa tarde ou Boa noite, conforme a hora" },
  { name: "agente", displayName: "Nome do agente", category: "agente", dataType: "string", description: "Nome do agente que atende" },
  { name: "empresa_agente", displayName: "Empresa do agente", category: "empresa", dataType: "string", description: "Nome da empresa configurada no agente" },
];
export const SYSTEM_VARIABLE_NAMES: ReadonlySet<string> = new Set(SYSTEM_VARIABLES.map((v) => v.name));
export const isContactVariable = (name: string): name is ContactVariableName => Object.hasOwn(CONTACT_FIELD_OF_VARIABLE, name);

const DATE_BR = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DATE_ISO = /^\d{4}-\d{2}-\d{2}$/;
const BOOLEANS = new Set(["sim", "não", "nao", "true", "false"]);

/** Why `value` does not fit `dataType` (null: it fits). Dates as dd/mm/aaaa or aaaa-mm-dd. */
export function dataTypeProblem(dataType: VariableDataType, value: string): string | null {
  const v = value.trim();
  if (dataType === "number") return v !== "" && Number.isFinite(Number(v.replace(",", "."))) ? null : "Informe um número (ex.: 42 ou 3,5)";
  if (dataType === "boolean") return BOOLEANS.has(v.toLowerCase()) ? null : "Informe sim ou não";
  if (dataType === "date") return DATE_BR.test(v) || DATE_ISO.test(v) ? null : "Informe uma data (dd/mm/aaaa)";
  if (dataType === "json") {
    try {
      JSON.parse(v);
      return null;
    } catch {
      return "JSON inválido";
    }
  }
  return null;
}

const displayName = z
  .string()
  .trim()
  .min(1, "Nome de exibição é obrigatório")
  .max(200, "Nome de exibição deve ter no máximo 200 caracteres");
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((s) => s || null)
    .nullable()
    .optional();

/** The editable part of a custom definition (SPEC §5); `name` is fixed once created (values refer to it). */
export const variableDefinitionBody = z.object({
  displayName,
  category: z.enum(variableCategories, { message: "Categoria inválida" }),
  dataType: z.enum(variableDataTypes, { message: "Tipo de dado inválido" }),
  format: optionalText(100, "Formato deve ter no máximo 100 caracteres"),
  defaultValue: optionalText(1000, "Valor padrão deve ter no máximo 1000 caracteres"),
  description: optionalText(500, "Descrição deve ter no máximo 500 caracteres"),
  extractable: z.boolean(),
});

const defaultFitsType = (b: { dataType: VariableDataType; defaultValue?: string | null }, ctx: z.RefinementCtx) => {
  const problem = b.defaultValue ? dataTypeProblem(b.dataType, b.defaultValue) : null;
  if (problem) ctx.addIssue({ code: "custom", path: ["defaultValue"], message: `Valor padrão: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}` });
};

export const createVariableDefinitionInput = variableDefinitionBody
  .extend({
    name: variableName.refine((n) => !SYSTEM_VARIABLE_NAMES.has(n), "Esse nome é de uma variável do sistema"),
    category: variableDefinitionBody.shape.category.default("custom"),
    dataType: variableDefinitionBody.shape.dataType.default("string"),
    extractable: z.boolean().default(true),
  })
  .superRefine(defaultFitsType);
export type CreateVariableDefinition = z.input<typeof createVariableDefinitionInput>;

export const updateVariableDefinitionInput = z.object({ id: z.uuid({ message: "ID inválido" }), patch: variableDefinitionBody.superRefine(defaultFitsType) });
export const variableDefinitionIdInput = z.object({ id: z.uuid({ message: "ID inválido" }) });

export const contactVariablesInput = z.object({ contactId: z.uuid({ message: "ID inválido" }) });
/** A person sets one value of a contact: it becomes manual (the agent will not overwrite it). */
export const setContactVariableInput = z.object({
  contactId: z.uuid({ message: "ID inválido" }),
  variableName,
  value: z.string().trim().min(1, "Valor é obrigatório").max(5000, "Valor deve ter no máximo 5000 caracteres"),
});
export const deleteContactVariableInput = z.object({ contactId: z.uuid({ message: "ID inválido" }), variableName });
