import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { campaignPricingInput } from "../../../../../src/schemas/campaigns/pricing";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

const when = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" }) : null);
const show = (n: number) => n.toLocaleString("pt-BR", { maximumFractionDigits: 3 });
/** "2,5" and "2.5" both mean two and a half credits. */
const parse = (s: string) => (s.trim() === "" ? Number.NaN : Number(s.trim().replace(",", ".")));

/** Price per campaign message: 0 keeps campaign sends free (agent replies cost as always). */
export function CampaignPricingCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const inputId = useId();
  const q = useQuery(trpc.campaigns.pricing.get.queryOptions());
  const server = q.data?.creditsPerMessage;
  const [text, setText] = useState("0");
  const baseline = useRef<number | undefined>(undefined);
  // A refetch moves the field only while it holds no edit.
  useEffect(() => {
    if (server === undefined) return;
    const previous = baseline.current;
    setText((cur) => (previous === undefined || parse(cur) === previous ? show(server) : cur));
    baseline.current = server;
  }, [server]);
  const checked = campaignPricingInput.safeParse({ creditsPerMessage: parse(text) });
  const error = checked.success ? null : (checked.error.issues[0]?.message ?? "Valor inválido");
  const dirty = server !== undefined && parse(text) !== server;
  const save = useMutation(
    trpc.campaigns.pricing.save.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: r.creditsPerMessage > 0 ? `Campanhas: ${show(r.creditsPerMessage)} créditos por mensagem` : "Envios de campanha gratuitos" });
        await qc.invalidateQueries({ queryKey: trpc.campaigns.pricing.get.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <section aria-label="Campanhas: créditos por mensagem enviada" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header>
          <h2 className="card-title text-lg">
            <Icon name="coins" className="size-5" />
            Campanhas: créditos por mensagem enviada
          </h2>
          <p className="text-base-content/60 text-sm">
            Com 0, os envios de campanhas são gratuitos. Acima de 0, cada mensagem enviada desconta esse valor da carteira do workspace; sem saldo, a campanha
            não envia. As respostas do agente custam como sempre.
          </p>
        </header>
        {q.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : q.isError ? (
          <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a configuração.")}</p>
        ) : (
          <form
            className="flex flex-wrap items-end justify-between gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (checked.success) save.mutate(checked.data);
            }}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={inputId} className="font-medium text-sm">
                Créditos por mensagem
              </label>
              <input
                id={inputId}
                inputMode="decimal"
                className={`input w-40 ${error ? "input-error" : ""}`}
                value={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-erro` : undefined}
                onChange={(e) => setText(e.target.value)}
              />
              {error && (
                <p id={`${inputId}-erro`} className="text-error text-xs">
                  {error}
                </p>
              )}
            </div>
            <div className="flex items-center gap-3">
              {when(q.data.updatedAt) && <span className="text-base-content/50 text-xs">Atualizado em {when(q.data.updatedAt)}</span>}
              <button type="submit" className="btn btn-primary" disabled={!dirty || !!error || save.isPending}>
                {save.isPending && <ButtonSpinner />}
                Salvar
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
