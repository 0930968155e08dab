import { TZDate } from "@date-fns/tz";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { creditGrantInput } from "../../../../../src/schemas/workspaces";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Field, NumberInput, TextArea } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../../lib/form-errors";
import { formatDate, formatNumber, SAO_PAULO } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { WorkspacePicker } from "./workspace-picker";

/** "YYYY-MM-DD" (a São Paulo day) → the last millisecond of that day. */
function endOfSaoPauloDay(day: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999, SAO_PAULO).getTime();
}

type Draft = { workspaceId: string | null; amount: number; reason: string; observations: string; expiryDay: string };
type Parsed = ReturnType<typeof creditGrantInput.parse>;

/** The grant form (SPEC §5: amount 1–100.000, reason 5–500, observations ≤ 1000, optional expiry), confirmed before it is sent. */
export function GrantForm({ initialWorkspaceId, onWorkspaceChange }: { initialWorkspaceId: string | null; onWorkspaceChange: (id: string | null) => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>({ workspaceId: initialWorkspaceId, amount: 100, reason: "", observations: "", expiryDay: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<Parsed | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const grant = useMutation(
    trpc.adminCredits.grant.mutationOptions({
      onSuccess: async (wallet, vars) => {
        setPending(null);
        toast({ title: "Créditos concedidos", description: `${formatNumber(vars.amount)} créditos bônus. Bônus disponível agora: ${formatNumber(wallet.remainingBonusCredits)}.` });
        setDraft((d) => ({ ...d, amount: 100, reason: "", observations: "", expiryDay: "" }));
        await Promise.all([qc.invalidateQueries({ queryKey: trpc.adminCredits.history.queryKey() }), qc.invalidateQueries({ queryKey: trpc.adminCredits.workspace.queryKey() })]);
      },
      onError: (e) => {
        setPending(null);
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ variant: "destructive", title: "Não foi possível conceder", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const expiresAt = draft.expiryDay ? endOfSaoPauloDay(draft.expiryDay) : undefined;
    const parsed = creditGrantInput.safeParse({
      workspaceId: draft.workspaceId ?? "",
      amount: draft.amount,
      reason: draft.reason,
      observations: draft.observations.trim() ? draft.observations : undefined,
      expiresAt,
    });
    const errs: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
    if (!draft.workspaceId) errs.workspaceId = "Escolha o workspace";
    if (expiresAt !== undefined && expiresAt <= Date.now()) errs.expiresAt = "A validade deve ser uma data futura";
    setErrors(errs);
    if (parsed.success && Object.keys(errs).length === 0) setPending(parsed.data);
  }

  const pick = (id: string | null) => {
    set("workspaceId", id);
    onWorkspaceChange(id);
  };

  return (
    <form className="card min-w-0 border border-base-300 bg-base-100" onSubmit={submit} noValidate aria-labelledby="grant-title">
      <div className="card-body gap-4">
        <h2 id="grant-title" className="card-title text-lg">
          Conceder créditos bônus
        </h2>
        <WorkspacePicker value={draft.workspaceId} onChange={pick} error={errors.workspaceId} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberInput label="Quantidade de créditos" value={draft.amount} min={1} max={100000} onChange={(v) => set("amount", v)} error={errors.amount} hint="De 1 a 100.000 por vez." />
          <Field label="Validade (opcional)" error={errors.expiresAt} hint="Sem data, o bônus não expira. Vale até 23:59 do dia (horário de Brasília).">
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="date"
                className={`input w-full ${invalid ? "input-error" : ""}`}
                value={draft.expiryDay}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(e) => set("expiryDay", e.target.value)}
              />
            )}
          </Field>
        </div>
        <TextArea label="Motivo" value={draft.reason} max={500} rows={2} onChange={(v) => set("reason", v)} error={errors.reason} hint="Aparece no extrato do workspace. De 5 a 500 caracteres." />
        <TextArea label="Observações internas (opcional)" value={draft.observations} max={1000} rows={2} onChange={(v) => set("observations", v)} error={errors.observations} />
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={grant.isPending}>
            {grant.isPending && <ButtonSpinner />}
            Conceder créditos
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={pending !== null}
        tone="primary"
        title="Conceder créditos bônus?"
        description={
          pending && (
            <>
              {formatNumber(pending.amount)} créditos bônus serão somados ao saldo do workspace
              {pending.expiresAt ? `, válidos até ${formatDate(pending.expiresAt)}` : ", sem validade"}. Motivo: “{pending.reason}”.
            </>
          )
        }
        confirmLabel="Conceder"
        pending={grant.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && grant.mutate(pending)}
      />
    </form>
  );
}
