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
