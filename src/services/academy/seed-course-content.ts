/**
 * The text of the seeded course "Primeiros passos com a Atenda" (issue 19). It teaches the product as
 * it is: the labels quoted here are the real ones of the web app and README.md — keep them in step
 * when a screen changes.
 */
import { STARTER_COURSE_TITLE } from "../../schemas/academy/common";
import { MODULE_AGENT } from "./seed-content/first-agent";
import { MODULE_INBOX } from "./seed-content/inbox";
import { MODULE_TRAINING } from "./seed-content/training";
import { MODULE_WHATSAPP } from "./seed-content/whatsapp";

export type { SeedLesson, SeedModule, SeedQuestion } from "./seed-content/types";

export const STARTER_COURSE = {
  seedKey: "primeiros-passos",
  title: STARTER_COURSE_TITLE,
  description:
    "Do zero ao primeiro atendimento: crie um agente de IA, treine com o que a sua empresa sabe, conecte o WhatsApp e acompanhe as conversas na caixa de entrada.",
  outcomes: [
    "Criar e testar um agente",
    "Treinar o agente com textos, sites e documentos",
    "Conectar o WhatsApp (API oficial ou servidor próprio)",
    "Acompanhar e assumir conversas na caixa de entrada",
  ],
  modules: [MODULE_AGENT, MODULE_TRAINING, MODULE_WHATSAPP, MODULE_INBOX],
} as const;
