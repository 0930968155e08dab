import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { CAMPAIGN_MAX_VARIANTS, CAMPAIGN_MESSAGE_MAX } from "../../../../../src/schemas/campaigns/campaign";
import { renderTemplate } from "../../../../../src/schemas/crm/template";
import { Field } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import type { FieldErrors } from "../../../../lib/form-errors";
import { trpc } from "../../../../lib/trpc";
import { useVariableNames } from "../../hooks/use-campaigns";
import type { CampaignForm } from "./form-state";

type Props = { form: CampaignForm; errors: FieldErrors; set: (patch: Partial<CampaignForm>) => void };

const BASE_VARIABLES = ["nome", "empresa", "cidade", "cargo"];

/** The list's first member, for the preview. */
function useFirstMember(listId: string) {
  return useQuery(trpc.campaigns.lists.members.queryOptions({ listId, page: 1, pageSize: 1 }, { enabled: Boolean(listId), staleTime: 30_000 }));
}

/** Step 3: message variants (rotated when rotateContent is on), variable chips inserted at the cursor, a preview. */
export function StepMessages({ form, errors, set }: Props) {
  const boxes = useRef<(HTMLTextAreaElement | null)[]>([]);
  const defs = useVariableNames();
  const member = useFirstMember(form.listId).data?.items[0];
  const custom = (defs.data ?? []).filter((d) => !d.isSystem).map((d) => d.name);
  const variables = [...BASE_VARIABLES, ...custom.filter((n) => !BASE_VARIABLES.includes(n))];
  const values: Record<string, string> = {
    ...(member?.extra ?? {}),
    nome: member?.name ?? "",
    empresa: member?.company ?? "",
    cidade: member?.city ?? "",
    cargo: member?.role ?? "",
    telefone: member?.phone ?? "",
  };

  if (form.channel === "whatsapp_cloud")
    return <p className="text-base-content/70 text-sm">Na API oficial a mensagem é a do modelo aprovado escolhido no passo anterior.</p>;

  const setAt = (i: number, text: string) => set({ messages: form.messages.map((m, j) => (j === i ? text : m)) });
  const insert = (i: number, name: string) => {
    const box = boxes.current[i];
    const text = form.messages[i] ?? "";
    const token = `{{${name}}}`;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    setAt(i, text.slice(0, start) + token + text.slice(end));
    // The caret goes after the inserted variable once React has written the new value.
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {form.messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: variants are positional
        <div key={i} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
          <Field label={form.messages.length > 1 ? `Variação ${i + 1}` : "Mensagem"} error={errors[`messages.${i}`] ?? (i === 0 ? errors.messages : undefined)} count={{ value: m.length, max: CAMPAIGN_MESSAGE_MAX }}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                ref={(el) => {
                  boxes.current[i] = el;
                }}
                rows={5}
                className={`textarea w-full ${invalid ? "textarea-error" : ""}`}
                value={m}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                placeholder="Olá {{nome}}, tudo bem?"
                onChange={(e) => setAt(i, e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center gap-1" role="group" aria-label={`Inserir variável na ${form.messages.length > 1 ? `variação ${i + 1}` : "mensagem"}`}>
            {variables.map((v) => (
              <button key={v} type="button" className="btn btn-xs btn-outline" onClick={() => insert(i, v)}>
                {`{{${v}}}`}
              </button>
            ))}
            {form.messages.length > 1 && (
              <button type="button" className="btn btn-ghost btn-xs ml-auto text-error" onClick={() => set({ messages: form.messages.filter((_, j) => j !== i) })}>
                <Icon name="trash" className="size-4" />
                Remover variação
              </button>
            )}
          </div>
        </div>
      ))}
      {errors.messages && form.messages.length === 0 && <p className="text-error text-xs">{errors.messages}</p>}
      {form.messages.length < CAMPAIGN_MAX_VARIANTS && (
        <button type="button" className="btn btn-sm self-start" onClick={() => set({ messages: [...form.messages, ""] })}>
          <Icon name="plus" className="size-4" />
          Adicionar variação
        </button>
      )}
      <p className="text-base-content/60 text-xs">Com "Alternar conteúdo" ligado (passo Envio), cada contato recebe uma das variações, em rodízio.</p>
      <section className="rounded-box bg-base-200 p-4" aria-label="Pré-visualização">
        <h3 className="mb-2 font-medium text-sm">{member ? `Pré-visualização para ${member.name ?? member.phone}` : "Pré-visualização"}</h3>
        <p className="whitespace-pre-wrap text-sm" data-testid="message-preview">
          {renderTemplate(form.messages[0] ?? "", values) || "—"}
        </p>
      </section>
    </div>
  );
}
