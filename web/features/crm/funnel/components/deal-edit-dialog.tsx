import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { dealFields } from "../../../../../src/schemas/crm/funnel";
import { parseBrlToCents } from "../../../../../src/schemas/crm/money";
import { Dialog } from "../../../../components/ui/dialog";
import { NumberInput, SelectInput, TextArea, TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors, serverFieldError } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type DealPageData, useRefreshDeal } from "../hooks/use-deal";

type Props = { page: DealPageData; open: boolean; onClose: () => void };

/** "Editar negócio": title, value, owner, expected close date, probability and notes (funnel.deals.update). */
export function DealEditDialog({ page, open, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title="Editar negócio" size="lg">
      {open && <DealEditForm page={page} onClose={onClose} />}
    </Dialog>
  );
}

const patchSchema = dealFields.pick({ title: true, valueCents: true, ownerUserId: true, expectedCloseDate: true, probability: true, notes: true });

function DealEditForm({ page, onClose }: { page: DealPageData; onClose: () => void }) {
  const { deal } = page;
  const toast = useToast();
  const refresh = useRefreshDeal(deal.id);
  const members = useQuery(trpc.workspaces.members.list.queryOptions(undefined, { staleTime: 60_000 }));
  const [title, setTitle] = useState(deal.title);
  const [value, setValue] = useState((deal.valueCents / 100).toFixed(2).replace(".", ","));
  const [owner, setOwner] = useState(deal.ownerUserId ?? "");
  const [closeDate, setCloseDate] = useState(deal.expectedCloseDate ?? "");
  const [probability, setProbability] = useState(deal.ownProbability ?? Number.NaN);
  const [notes, setNotes] = useState(deal.notes ?? "");
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const cents = parseBrlToCents(value);
  const input = {
    title,
    valueCents: cents ?? Number.NaN,
    ownerUserId: owner || null,
    expectedCloseDate: closeDate,
    probability: Number.isFinite(probability) ? probability : null,
    notes,
  };
  const parsed = patchSchema.safeParse(input);
  const errors = { ...(submitted && !parsed.success ? fieldErrors(parsed.error) : {}), ...(serverError ? { [serverError.field]: serverError.message } : {}) };
  const update = useMutation(
    trpc.funnel.deals.update.mutationOptions({
      onSuccess: () => {
        toast({ title: "Negócio atualizado" });
        void refresh({ deal: true });
        onClose();
      },
      onError: (e) => {
        const field = serverFieldError(e);
        if (field) setServerError(field);
        else toast({ variant: "destructive", title: "Erro ao salvar negócio", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (parsed.success && !update.isPending) update.mutate({ dealId: deal.id, expectedVersion: deal.version, patch: parsed.data });
  }

  const ownerOptions = [
    { value: "", label: "Sem responsável" },
    ...(members.data ?? []).filter((m) => m.role !== "viewer" || m.isOwner).map((m) => ({ value: m.userId, label: [m.firstName, m.lastName].filter(Boolean).join(" ") || m.email })),
  ];

  return (
    <form onSubmit={submit} noValidate aria-label="Editar negócio" className="flex flex-col gap-4">
      <TextInput label="Título" value={title} onChange={setTitle} error={errors.title} max={200} autoFocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Valor (R$)" value={value} onChange={setValue} error={submitted && cents === null ? "Valor inválido (use 1.234,56)" : errors.valueCents} placeholder="1.234,56" />
        <SelectInput label="Responsável" value={owner} onChange={setOwner} options={ownerOptions} error={errors.ownerUserId} />
        <TextInput label="Previsão de fechamento" type="date" value={closeDate} onChange={setCloseDate} error={errors.expectedCloseDate} />
        <NumberInput label="Probabilidade" suffix="%" min={0} max={100} value={probability} onChange={setProbability} error={errors.probability} hint="Em branco: a da etapa" />
      </div>
      <TextArea label="Observações" value={notes} onChange={setNotes} error={errors.notes} max={5000} rows={3} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={update.isPending}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending && <ButtonSpinner />}
          Salvar negócio
        </button>
      </div>
    </form>
  );
}
