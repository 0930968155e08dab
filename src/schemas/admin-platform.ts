/**
 * Platform-wide channel settings an admin sets once (issue 17): the default own-server WhatsApp
 * gateway (/admin/uazapi) and the Meta app behind the platform webhook (/admin/whatsapp-config).
 * Secrets are optional on save: left empty, the stored (encrypted) one is kept.
 */
import { z } from "zod";
import { HEADER_SAFE, headerSafeMessage, httpUrl } from "./text";

const secret = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(2000, `${label} muito longo`).regex(HEADER_SAFE, headerSafeMessage(label)).optional(),
  );

export const INSTANCES_MAX = 1000;

export const uazapiPlatformInput = z.object({
  enabled: z.boolean(),
  serverUrl: httpUrl("URL do servidor inválida"),
  adminToken: secret("Admin token"),
  instancesPerWorkspace: z
    .number({ error: "Informe um número de instâncias" })
    .int("Use um número inteiro")
    .min(0, "Use 0 ou mais instâncias")
    .max(INSTANCES_MAX, `No máximo ${INSTANCES_MAX} instâncias por workspace`),
});
export type UazapiPlatformInput = z.output<typeof uazapiPlatformInput>;

/** "Testar conexão": the values typed in the form, or (left empty) the saved ones. */
export const uazapiPlatformTestInput = z.object({ serverUrl: z.preprocess((v) => (v === "" ? undefined : v), httpUrl("URL do servidor inválida").optional()), adminToken: secret("Admin token") });

export const GRAPH_VERSION = /^v\d{1,2}\.\d$/;

export const whatsappPlatformInput = z.object({
  appId: z.string({ error: "App ID é obrigatório" }).trim().regex(/^\d{5,20}$/, "App ID deve ter só dígitos (5 a 20)"),
  appSecret: secret("App secret"),
  verifyToken: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().min(8, "O verify token deve ter pelo menos 8 caracteres").max(200, "Verify token muito longo").regex(HEADER_SAFE, headerSafeMessage("Verify token")).optional(),
  ),
  graphVersion: z.string({ error: "Versão da Graph API é obrigatória" }).trim().regex(GRAPH_VERSION, "Versão da Graph API inválida (ex.: v21.0)"),
});
export type WhatsappPlatformInput = z.output<typeof whatsappPlatformInput>;

/** A workspace's own-server connection through the platform gateway: only the instance name (and the phone for a pairing code). */
export const connectUazapiPlatformInput = z.object({
  agentId: z.uuid(),
  instanceName: z.string({ error: "Nome da instância é obrigatório" }).trim().min(1, "Nome da instância é obrigatório").max(100, "Nome da instância deve ter no máximo 100 caracteres"),
  phoneNumber: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\+?\d{11,15}$/, "Número de telefone inválido")
      .optional(),
  ),
});
export type ConnectUazapiPlatform = z.output<typeof connectUazapiPlatformInput>;

/** Per-workspace instance limit set by an admin (null: the platform default). */
export const workspaceInstancesInput = z.object({
  workspaceId: z.uuid({ message: "Workspace inválido" }),
  uazapiInstances: z.number().int("Use um número inteiro").min(0, "Use 0 ou mais instâncias").max(INSTANCES_MAX, `No máximo ${INSTANCES_MAX} instâncias`).nullable(),
});

export const workspaceUsageInput = z.object({ ownerEmail: z.email({ message: "E-mail inválido" }).max(254, "E-mail muito longo") });
