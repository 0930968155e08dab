import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { createDealInput } from "../../../../../src/schemas/crm/funnel";
import { parseBrlToCents } from "../../../../../src/schemas/crm/money";
import { Dialog } from "../../../../components/ui/dialog";
import { Field, SelectInput, TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors, serverFieldError } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import type { Pipeline } from "../hooks/use-funnel";

type Props = { open: boolean; onClose: () => void; pipeline: Pipeline; onCreated: () => void };
const EMPTY = { title: "", value: "", contactId: "", ownerUserId: "", expectedCloseDate: "", stageId: "" };

/** Members of the workspace, for the owner pickers. */
export function useMemberOptions() {
  const members = useQuery(trpc.workspaces.members.list.queryOptions(undefined, { staleTime: 60_000 }));
  return (members.data ?? []).map((m) => ({ value: m.userId, label: `${m.firstName} ${m.lastName}`.trim() || m.email }));
}

/** "Novo negócio": title, value in R$, contact (searched), owner, expected close date and stage. */
export function NewDealDialog({ open, onClose, pipeline, onCreated }: Props) {
  const [values, setValues] = useState({ ...EMPTY, stageId: pipeline.stages[0]?.id ?? "" });
  const [submitted, setSubmitted] = useState(false);
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const toast = useToast();
  const owners = useMemberOptions();
  useEffect(() => {
    const t = setTimeout(() => setDebounced(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  const options = useQuery(trpc.funnel.contactOptions.queryOptions({ search: debounced || undefined }, { enabled: open, staleTime: 10_000 }));
  const create = useMutation(trpc.funnel.deals.create.mutationOptions());
  const cents = parseBrlToCents(values.value);
  const parsed = createDealInput.safeParse({
    title: values.title,
    valueCents: cents ?? -1,
    contactId: values.contactId || null,
    ownerUserId: values.ownerUserId || null,
    expectedCloseDate: values.expectedCloseDate,
    stageId: values.stageId || undefined,
    pipelineId: pipeline.id,
  });
  const server = serverFieldError(create.error);
  const errors: Record<string, string | undefined> = { ...(server ? { [server.field]: server.message } : {}), ...(submitted && !parsed.success ? fieldErrors(parsed.error) : {}) };
  const valueError = submitted && cents === null ? "Valor inválido (ex.: 1.500,00)" : errors.valueCents;
  const set = (k: keyof typeof EMPTY) => (v: string) => {
    if (create.isError) create.reset();
    setValues((cur) => ({ ...cur, [k]: v }));
  };

  function close() {
    setValues({ ...EMPTY, stageId: pipeline.stages[0]?.id ?? "" });
    setSubmitted(false);
    setSearch("");
    create.reset();
    onClose();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || cents === null || create.isPending) return;
    create.mutate(parsed.data, {
      onSuccess: (deal) => {
        close();
        onCreated();
        toast({ title: "Negócio criado", description: `"${deal.title}" está no funil.` });
      },
    });
  }

  const contactChoices = [{ value: "", label: "Sem contato" }, ...(options.data ?? []).map((c) => ({ value: c.id, label: c.email ? `${c.name} (${c.email})` : c.name }))];
  return (
    <Dialog open={open} onClose={close} title="Novo negócio" size="lg">
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput className="sm:col-span-2" label="Título" value={values.title} onChange={set("title")} error={errors.title} max={200} placeholder="Ex.: Plano anual da Loja Centro" autoFocus />
        <TextInput label="Valor (R$)" value={values.value} onChange={set("value")} error={valueError} placeholder="0,00" hint="Ex.: 1.500,00" />
        <Field label="Previsão de fechamento" error={errors.expectedCloseDate}>
          {({ id, describedBy, invalid }) => (
            <input id={id} type="date" className={`input w-full ${invalid ? "input-error" : ""}`} value={values.expectedCloseDate} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => set("expectedCloseDate")(e.target.value)} />
          )}
        </Field>
        <TextInput label="Buscar contato" value={search} onChange={setSearch} placeholder="Nome, e-mail ou telefone" hint={options.isFetching ? "Buscando…" : `${options.data?.length ?? 0} contatos encontrados`} />
        <SelectInput label="Contato" value={values.contactId} onChange={set("contactId")} options={contactChoices} error={errors.contactId} />
        <SelectInput label="Responsável" value={values.ownerUserId} onChange={set("ownerUserId")} options={[{ value: "", label: "Sem responsável" }, ...owners]} error={errors.ownerUserId} />
        <SelectInput label="Etapa" value={values.stageId} onChange={set("stageId")} options={pipeline.stages.map((s) => ({ value: s.id, label: s.name }))} error={errors.stageId} />
        {create.isError && !server && (
          <div role="alert" className="alert alert-error alert-soft text-sm sm:col-span-2">
            {trpcErrorMessage(create.error, "Não foi possível criar o negócio. Tente novamente.")}
          </div>
        )}
        <div className="modal-action mt-0 sm:col-span-2">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar negócio
          </button>
        </div>
      </form>
    </Dialog>
  );
}
