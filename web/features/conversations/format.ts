import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { ptBR } from "date-fns/locale";
import { SAO_PAULO } from "../../lib/format";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const spDay = (ms: number) => format(new TZDate(ms, SAO_PAULO), "yyyy-MM-dd");
const yesterdayOf = (now: number) => {
  const d = new TZDate(now, SAO_PAULO);
  d.setDate(d.getDate() - 1);
  return format(d, "yyyy-MM-dd");
};

/** The list's time: "agora", "há 5 min", "há 3 h" today, "ontem", then "dd/MM" (São Paulo days). */
export function relativeTime(ms: number, now = Date.now()): string {
  const diff = now - ms;
  if (diff < MINUTE) return "agora";
  if (diff < HOUR) return `há ${Math.floor(diff / MINUTE)} min`;
  const day = spDay(ms);
  if (day === spDay(now)) return `há ${Math.floor(diff / HOUR)} h`;
  if (day === yesterdayOf(now)) return "ontem";
  const sameYear = day.slice(0, 4) === spDay(now).slice(0, 4);
  return format(new TZDate(ms, SAO_PAULO), sameYear ? "dd/MM" : "dd/MM/yyyy", { locale: ptBR });
}

/** A bubble's time, "HH:mm" in São Paulo. */
export const clockTime = (ms: number) => format(new TZDate(ms, SAO_PAULO), "HH:mm");

/** The day divider of the thread: "Hoje", "Ontem" or "dd/MM/yyyy". */
export function dayLabel(ms: number, now = Date.now()): string {
  const day = spDay(ms);
  if (day === spDay(now)) return "Hoje";
  if (day === yesterdayOf(now)) return "Ontem";
  return format(new TZDate(ms, SAO_PAULO), "dd/MM/yyyy");
}

export const sameSpDay = (a: number, b: number) => spDay(a) === spDay(b);

export const CHANNEL_LABEL: Record<string, string> = {
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  instagram: "Instagram",
  web: "Chat do site",
};

/** What a conversation is called: the customer's name, else the phone, else the channel's id of them. */
export function displayName(c: { clientName: string | null; clientPhone: string | null; contactKey: string; channel: string }) {
  if (c.clientName?.trim()) return c.clientName.trim();
  if (c.clientPhone) return formatPhone(c.clientPhone);
  return c.channel === "web" ? "Visitante do site" : c.contactKey;
}

/** Brazilian numbers as people write them: 5511988887777 → +55 (11) 98888-7777. */
export function formatPhone(raw: string): string {
  const d = raw.replace(/\D/g, "");
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : raw;
}

export type DeliveryStatus = "pending" | "sent" | "delivered" | "read" | "failed" | "skipped";

/** The tick's words (its accessible name and tooltip); a refusal carries the channel's reason. */
export function deliveryLabel(status: DeliveryStatus, error: string | null): string {
  switch (status) {
    case "pending":
      return "Enviando";
    case "sent":
      return "Enviado";
    case "delivered":
      return "Entregue";
    case "read":
      return "Lido";
    case "failed":
      return error ? `Falhou: ${error}` : "Falhou";
    case "skipped":
      return error ? `Não enviado: ${error}` : "Não enviado";
  }
}

const ATTACHMENT_LABEL: Record<string, string> = {
  image: "Imagem",
  audio: "Áudio",
  video: "Vídeo",
  document: "Documento",
  sticker: "Figurinha",
};
export const attachmentLabel = (type: string) => ATTACHMENT_LABEL[type] ?? "Arquivo";

/** The list's preview of a message with no text (a photo, a voice note). */
export const previewOf = (m: { content: string; messageType: string }) => m.content || (m.messageType !== "text" ? `[${attachmentLabel(m.messageType)}]` : "");
