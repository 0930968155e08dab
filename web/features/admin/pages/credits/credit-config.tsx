import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { type CreditConfigInput, creditConfigInput } from "../../../../../src/schemas/admin-credits";
import { Field, NumberInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

const brl = (n: number, digits = 2) => n.toLocaleString("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: digits, maximumFractionDigits: digits });
const rateText = (n: number) => n.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 4 });
/** "5,4321" or "5.4321" → 5.4321; anything else NaN (the schema reports it). */
const parseRate = (s: string) => (/^\s*-?\d+([.,]\d+)?\s*$/.test(s) ? Number(s.trim().replace(",", ".")) : Number.NaN);

type Config = NonNullable<ReturnType<typeof useConfig>["data"]>;
const useConfig = () => useQuery(trpc.adminCredits.config.get.queryOptions());

/** /admin/configuracoes/creditos: credits per dollar, the dollar in reais and its daily automatic update. */
export default function CreditConfigPage() {
  const config = useConfig();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">
          <Link href="/admin/configuracoes" className="link link-hover">
            Configurações
          </Link>
        </p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Configuração de créditos</h1>
        <p className="mt-1 text-base-content/70 text-sm">Quanto vale um crédito: o custo em dólar de cada chamada ao modelo vira créditos por esta taxa, e os relatórios mostram o custo em reais.</p>
      </div>
      {config.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : config.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(config.error, "Não foi possível carregar a configuração.")}
        </div>
      ) : (
        <ConfigForm key={config.data.updatedAt} config={config.data} />
      )}
    </div>
  );
}

function ConfigForm({ config }: { config: Config }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [creditsPerUsd, setCreditsPerUsd] = useState(config.creditsPerUsd);
  const [rate, setRate] = useState(rateText(config.usdToBrlRate));
  const [auto, setAuto] = useState(config.autoUpdateExchangeRate);
  const [errors, setErrors] = useState<FieldErrors>({});
  const refresh = (data: Config) => qc.setQueryData(trpc.adminCredits.config.get.queryKey(), data);

  const save = useMutation(
    trpc.adminCredits.config.save.mutationOptions({
      onSuccess: (data) => {
        toast({ title: "Configuração salva", description: "Vale a partir da próxima cobrança." });
        refresh(data);
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const update = useMutation(
    trpc.adminCredits.config.refreshRate.mutationOptions({
      onSuccess: ({ quote, config: next }) => {
        if (quote.ok) toast({ title: "Cotação atualizada", description: `US$ 1 = ${brl(quote.rate, 4)}` });
        else toast({ variant: "destructive", title: "Cotação não atualizada", description: quote.error });
        refresh(next);
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível atualizar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = creditConfigInput.safeParse({ creditsPerUsd, usdToBrlRate: parseRate(rate), autoUpdateExchangeRate: auto } satisfies CreditConfigInput);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  }

  const rateNow = parseRate(rate);
  const per1000 = Number.isFinite(rateNow) && creditsPerUsd > 0 ? (1000 / creditsPerUsd) * rateNow : null;

  return (
    <>
      <form className="card border border-base-300 bg-base-100" onSubmit={submit} noValidate>
        <div className="card-body gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberInput label="Créditos por dólar (US$ 1)" value={creditsPerUsd} min={1} max={1000000} onChange={setCreditsPerUsd} error={errors.creditsPerUsd} hint="Padrão: 1.000 créditos por dólar." />
            <Field label="Cotação do dólar (R$ por US$ 1)" error={errors.usdToBrlRate} hint="Padrão: 5,50. Até 4 casas decimais.">
              {({ id, describedBy, invalid }) => (
                <label className={`input w-full ${invalid ? "input-error" : ""}`}>
                  <span className="text-base-content/60 text-sm">R$</span>
                  <input id={id} inputMode="decimal" className="grow" value={rate} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => setRate(e.target.value)} />
                </label>
              )}
            </Field>
          </div>
          <p className="text-base-content/70 text-sm" aria-live="polite">
            {per1000 !== null ? `1.000 créditos custam ${brl(per1000)} (US$ ${(1000 / creditsPerUsd).toLocaleString("pt-BR", { maximumFractionDigits: 4 })}).` : "Preencha os dois valores para ver quanto custam 1.000 créditos."}
          </p>
          <ToggleRow
            label="Atualizar a cotação automaticamente"
            description="Uma vez por dia, a cotação do dólar é buscada no serviço de câmbio (AwesomeAPI). Sem conexão, a última cotação continua valendo."
            checked={auto}
            onChange={setAuto}
          />
          <div className="card-actions justify-end">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending && <ButtonSpinner />}
              Salvar
            </button>
          </div>
        </div>
      </form>

      <section className="card border border-base-300 bg-base-100" aria-labelledby="rate-title">
        <div className="card-body gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="rate-title" className="card-title text-lg">
              Cotação do dólar
            </h2>
            <button type="button" className="btn btn-sm" onClick={() => update.mutate()} disabled={update.isPending}>
              {update.isPending ? <ButtonSpinner /> : <Icon name="refresh" className="size-4" />}
              Atualizar agora
            </button>
          </div>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-base-content/60">Cotação em uso</dt>
              <dd className="font-semibold text-lg tabular-nums">{brl(config.usdToBrlRate, 4)}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">Última atualização pelo serviço</dt>
              <dd>{config.lastExchangeRateUpdate ? formatDateTime(config.lastExchangeRateUpdate) : "Nunca"}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">Atualização automática</dt>
              <dd>{config.autoUpdateExchangeRate ? "Ligada" : "Desligada"}</dd>
            </div>
            {config.nextAutoUpdateAt !== null && (
              <div>
                <dt className="text-base-content/60">Próxima atualização automática</dt>
                <dd>a partir de {formatDateTime(config.nextAutoUpdateAt)}</dd>
              </div>
            )}
          </dl>
          {config.exchangeRateError && (
            <div role="alert" className="alert alert-warning alert-soft text-sm">
              <Icon name="info" className="size-4" />
              <span>
                Última tentativa em {formatDateTime(config.exchangeRateCheckedAt)}: {config.exchangeRateError}
              </span>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
