import { TZDate } from "@date-fns/tz";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { type CouponFormValues, couponFormSchema } from "../../../../../src/schemas/billing/coupons";
import { Field, NumberInput, SelectInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { formatDateTime, SAO_PAULO } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { centsToInput, formatCents, inputToCents } from "../../components/billing/money";

/** The form keeps money and the expiry day as typed; they become centavos and ms on submit. */
type Draft = Omit<Required<CouponFormValues>, "expiresAt"> & { fixed: string; minimum: string; expiryDay: string; storedExpiry: number | null };

const emptyDraft = (): Draft => ({
  code: "",
  name: "",
  discountType: "percent",
  discountValue: 10,
  minimumAmountCents: 0,
  maxUses: null,
  applicablePlans: [],
  appliesToPacks: false,
  isActive: true,
  fixed: "10,00",
  minimum: "0,00",
  expiryDay: "",
  storedExpiry: null,
});

/** "YYYY-MM-DD" (a São Paulo day) → the last millisecond of that day; "" → no expiry. */
function endOfSaoPauloDay(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999, SAO_PAULO).getTime();
}
const saoPauloDay = (ms: number) => format(new TZDate(ms, SAO_PAULO), "yyyy-MM-dd");

const REDEMPTION_LABEL = { reserved: "Reservado", redeemed: "Usado", released: "Liberado" } as const;

/** /admin/cupons/criar and /admin/cupons/editar/:id: one form, checked by the procedure's own schema. */
export default function AdminCouponFormPage() {
  const { id } = useParams<{ id?: string }>();
  const existing = useQuery({ ...trpc.coupons.get.queryOptions({ id: id ?? "" }), enabled: !!id });
  if (id && existing.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-3xl" />;
  if (id && existing.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft mx-auto max-w-3xl">
        {trpcErrorMessage(existing.error, "Não foi possível carregar o cupom.")}
      </div>
    );
  }
  const c = existing.data;
  const initial: Draft = c
    ? {
        ...c,
        fixed: c.discountType === "fixed" ? centsToInput(c.discountValue) : "10,00",
        discountValue: c.discountType === "percent" ? c.discountValue : 10,
        minimum: centsToInput(c.minimumAmountCents),
        expiryDay: c.expiresAt ? saoPauloDay(c.expiresAt) : "",
        storedExpiry: c.expiresAt,
      }
    : emptyDraft();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <CouponForm key={id ?? "new"} id={id ?? null} initial={initial} used={(c?.usedCount ?? 0) > 0} />
      {id && <Redemptions couponId={id} />}
    </div>
  );
}

function CouponForm({ id, initial, used }: { id: string | null; initial: Draft; used: boolean }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const toast = useToast();
  const plans = useQuery(trpc.coupons.planOptions.queryOptions());
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const onSaved = async () => {
    await qc.invalidateQueries({ queryKey: trpc.coupons.list.queryKey() });
    if (id) await qc.invalidateQueries({ queryKey: trpc.coupons.get.queryKey({ id }) });
    toast({ title: "Cupom salvo" });
    navigate("/admin/cupons");
  };
  const create = useMutation(trpc.coupons.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.coupons.update.mutationOptions({ onSuccess: onSaved }));
  const saving = create.isPending || update.isPending;
  const serverError = create.error ?? update.error;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const { fixed, minimum, expiryDay, storedExpiry, ...rest } = draft;
    // An unchanged (possibly past) expiry is kept as stored; a changed one must be in the future.
    const expiresAt = expiryDay && storedExpiry !== null && saoPauloDay(storedExpiry) === expiryDay ? storedExpiry : expiryDay ? endOfSaoPauloDay(expiryDay) : null;
    const parsed = couponFormSchema.safeParse({
      ...rest,
      discountValue: draft.discountType === "fixed" ? inputToCents(fixed) : draft.discountValue,
      minimumAmountCents: inputToCents(minimum),
      expiresAt,
    });
    const errs: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
    if (expiresAt !== null && expiresAt <= Date.now() && expiresAt !== storedExpiry) errs.expiresAt = "A validade deve ser uma data futura";
    if (!parsed.success || Object.keys(errs).length > 0) {
      setErrors(errs);
      return;
    }
    setErrors({});
    if (id) update.mutate({ id, ...parsed.data });
    else create.mutate(parsed.data);
  }

  const togglePlan = (planId: string, on: boolean) => set("applicablePlans", on ? [...draft.applicablePlans, planId] : draft.applicablePlans.filter((p) => p !== planId));

  return (
    <form className="flex flex-col gap-6" onSubmit={submit} noValidate>
      <div>
        <p className="text-base-content/60 text-sm">
          <Link href="/admin/cupons" className="link link-hover">
            Cupons
          </Link>
        </p>
        <h1 className="font-semibold text-2xl sm:text-3xl">{id ? "Editar cupom" : "Criar cupom"}</h1>
        <p className="mt-1 text-base-content/70 text-sm">O desconto é calculado no servidor sobre o preço do plano ou pacote; o total com desconto precisa ser de pelo menos R$ 0,50.</p>
      </div>

      <section className="card border border-base-300 bg-base-100">
        <div className="card-body grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Código"
            value={draft.code}
            max={40}
            onChange={(v) => set("code", v.toUpperCase())}
            error={errors.code}
            hint={used ? "O código não muda depois que o cupom foi usado." : "3 a 40 caracteres: letras, números, - ou _."}
            disabled={used}
          />
          <TextInput label="Nome" value={draft.name} max={100} onChange={(v) => set("name", v)} error={errors.name} />
          <SelectInput
            label="Tipo de desconto"
            value={draft.discountType}
            options={[
              { value: "percent", label: "Percentual (%)" },
              { value: "fixed", label: "Valor fixo (R$)" },
            ]}
            onChange={(v) => set("discountType", v)}
            error={errors.discountType}
          />
          {draft.discountType === "percent" ? (
            <NumberInput label="Desconto (%)" value={draft.discountValue} min={1} max={100} onChange={(v) => set("discountValue", v)} error={errors.discountValue} />
          ) : (
            <TextInput label="Desconto (R$)" value={draft.fixed} onChange={(v) => set("fixed", v)} error={errors.discountValue} hint="Em reais, ex.: 25,00" />
          )}
          <TextInput label="Valor mínimo da compra (R$)" value={draft.minimum} onChange={(v) => set("minimum", v)} error={errors.minimumAmountCents} hint="0,00 = sem mínimo" />
          <NumberInput
            label="Limite de usos"
            value={draft.maxUses ?? Number.NaN}
            min={1}
            onChange={(v) => set("maxUses", Number.isNaN(v) ? null : v)}
            error={errors.maxUses}
            hint="Vazio: sem limite."
          />
          <Field label="Validade (horário de São Paulo)" error={errors.expiresAt} hint="Vale até o fim do dia escolhido. Vazio: sem validade.">
            {({ id: fieldId, describedBy, invalid }) => (
              <input id={fieldId} type="date" className="input w-full" value={draft.expiryDay} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => set("expiryDay", e.target.value)} />
            )}
          </Field>
        </div>
      </section>

      <section className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3">
          <fieldset>
            <legend className="mb-1 font-medium text-sm">Planos em que vale</legend>
            <p className="mb-2 text-base-content/70 text-xs">Nenhum marcado: vale para todos os planos.</p>
            {plans.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                {(plans.data ?? []).map((p) => (
                  <label key={p.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" className="checkbox checkbox-sm" checked={draft.applicablePlans.includes(p.id)} onChange={(e) => togglePlan(p.id, e.target.checked)} />
                    {p.name} · {formatCents(p.priceCents)}
                    {!p.isActive && <span className="badge badge-ghost badge-sm">Inativo</span>}
                  </label>
                ))}
              </div>
            )}
            {errors.applicablePlans && <p className="mt-1 text-error text-sm">{errors.applicablePlans}</p>}
          </fieldset>
          <ToggleRow label="Vale para pacotes de créditos" description="Permite usar o cupom na compra de créditos adicionais." checked={draft.appliesToPacks} onChange={(v) => set("appliesToPacks", v)} />
          <ToggleRow label="Ativo" description="Cupons inativos são recusados no checkout." checked={draft.isActive} onChange={(v) => set("isActive", v)} />
        </div>
      </section>

      {serverError && (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(serverError, "Não foi possível salvar o cupom.")}
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Link href="/admin/cupons" className="btn btn-ghost">
          Cancelar
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <ButtonSpinner />}
          Salvar cupom
        </button>
      </div>
    </form>
  );
}

/** Who used the coupon: one row per checkout that reserved it. */
function Redemptions({ couponId }: { couponId: string }) {
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.coupons.redemptions.queryOptions({ couponId, page, pageSize: 20 }));
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 20));
  return (
    <section className="card border border-base-300 bg-base-100">
      <div className="card-body">
        <h2 className="font-semibold text-lg">Usos</h2>
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : !list.data?.items.length ? (
          <p className="text-base-content/70 text-sm">Ninguém usou este cupom ainda.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>Quando</th>
                  <th>Workspace</th>
                  <th>Quem</th>
                  <th>Desconto</th>
                  <th>Situação</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((r) => (
                  <tr key={r.id}>
                    <td className="whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
                    <td>{r.workspaceName}</td>
                    <td>{r.userEmail ?? "—"}</td>
                    <td className="tabular-nums">{formatCents(r.discountCents)}</td>
                    <td>{REDEMPTION_LABEL[r.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Anterior
            </button>
            <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Próxima
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
