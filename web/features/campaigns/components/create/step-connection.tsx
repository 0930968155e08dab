import { useEffect } from "react";
import { Link } from "wouter";
import { Field, SelectInput, TextInput } from "../../../../components/ui/fields";
import type { FieldErrors } from "../../../../lib/form-errors";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { useApprovedTemplates, useCampaignConnections } from "../../hooks/use-campaigns";
import type { CampaignForm } from "./form-state";

type Props = { form: CampaignForm; errors: FieldErrors; set: (patch: Partial<CampaignForm>) => void };

/**
 * Step 2: the WhatsApp number it sends from. Own server: free text and an optional image or
 * document. Official Cloud API: only an approved template, one text per {{n}} of its body.
 */
export function StepConnection({ form, errors, set }: Props) {
  const connections = useCampaignConnections();
  const items = connections.data ?? [];
  const templates = useApprovedTemplates(form.channel === "whatsapp_cloud" ? form.connectionId : null);
  const chosen = templates.data?.find((t) => t.name === form.template?.name && t.language === form.template?.language) ?? null;

  // A connection that disappeared (deleted elsewhere) is not kept selected.
  useEffect(() => {
    if (connections.data && form.connectionId && !connections.data.some((c) => c.id === form.connectionId)) set({ connectionId: "", channel: null });
  }, [connections.data, form.connectionId, set]);

  if (connections.isPending) return <p className="text-base-content/60 text-sm">Carregando conexões…</p>;
  if (items.length === 0)
    return (
      <div role="alert" className="alert">
        <span>
          Nenhuma conexão de WhatsApp neste workspace. Conecte um número em{" "}
          <Link href="/agentes" className="link">
            Agentes → Canais
          </Link>{" "}
          para enviar campanhas.
        </span>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <SelectInput
        label="Conexão de envio"
        value={form.connectionId}
        error={errors.connectionId}
        options={[{ value: "", label: "Escolha uma conexão" }, ...items.map((c) => ({ value: c.id, label: c.label }))]}
        onChange={(id) => {
          const c = items.find((x) => x.id === id);
          set({ connectionId: id, channel: c?.channel ?? null, template: null });
        }}
      />
      {form.channel === "whatsapp_uaz" && (
        <section className="flex flex-col gap-3 rounded-box border border-base-300 p-4" aria-label="Anexo opcional">
          <p className="text-base-content/70 text-sm">WhatsApp de servidor próprio: texto livre e, se quiser, uma imagem ou documento.</p>
          <TextInput
            label="Link do anexo (opcional)"
            placeholder="https://…"
            value={form.media?.url ?? ""}
            error={errors["media.url"]}
            onChange={(url) => set({ media: url ? { kind: form.media?.kind ?? "image", name: form.media?.name ?? "", url } : null })}
          />
          {form.media && (
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectInput
                label="Tipo do anexo"
                value={form.media.kind}
                options={[
                  { value: "image", label: "Imagem" },
                  { value: "document", label: "Documento" },
                ]}
                onChange={(kind) => form.media && set({ media: { ...form.media, kind } })}
              />
              <TextInput label="Nome do arquivo" value={form.media.name} error={errors["media.name"]} onChange={(name) => form.media && set({ media: { ...form.media, name } })} />
            </div>
          )}
        </section>
      )}
      {form.channel === "whatsapp_cloud" && (
        <section className="flex flex-col gap-3 rounded-box border border-base-300 p-4" aria-label="Modelo aprovado">
          <p className="text-base-content/70 text-sm">API oficial do WhatsApp: campanhas enviam só modelos aprovados pela Meta.</p>
          {templates.isPending ? (
            <p className="text-base-content/60 text-sm">Carregando modelos aprovados…</p>
          ) : templates.isError ? (
            <p className="text-error text-sm">{trpcErrorMessage(templates.error, "Não foi possível carregar os modelos")}</p>
          ) : (
            <SelectInput
              label="Modelo aprovado"
              value={form.template ? `${form.template.name}|${form.template.language}` : ""}
              error={errors.template ?? errors["template.name"]}
              options={[{ value: "", label: "Escolha um modelo" }, ...(templates.data ?? []).map((t) => ({ value: `${t.name}|${t.language}`, label: `${t.name} (${t.language})` }))]}
              onChange={(v) => {
                const t = templates.data?.find((x) => `${x.name}|${x.language}` === v);
                set({ template: t ? { name: t.name, language: t.language, bodyParams: Array.from({ length: t.bodyParamCount }, () => ""), headerMediaUrl: null } : null });
              }}
            />
          )}
          {chosen && form.template && (
            <>
              <Field label="Texto do modelo">{({ id }) => <p id={id} className="whitespace-pre-wrap rounded bg-base-200 p-3 text-sm">{chosen.body}</p>}</Field>
              {form.template.bodyParams.map((p, i) => (
                <TextInput
                  // biome-ignore lint/suspicious/noArrayIndexKey: one input per {{n}}, in order
                  key={i}
                  label={`Variável {{${i + 1}}}`}
                  hint="Pode usar {{nome}}, {{empresa}} ou outra variável do contato"
                  value={p}
                  error={errors[`template.bodyParams.${i}`]}
                  onChange={(v) => form.template && set({ template: { ...form.template, bodyParams: form.template.bodyParams.map((x, j) => (j === i ? v : x)) } })}
                />
              ))}
              {chosen.headerFormat && chosen.headerFormat !== "TEXT" && (
                <TextInput
                  label="Link da mídia do cabeçalho"
                  value={form.template.headerMediaUrl ?? ""}
                  error={errors["template.headerMediaUrl"]}
                  onChange={(v) => form.template && set({ template: { ...form.template, headerMediaUrl: v || null } })}
                />
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}
