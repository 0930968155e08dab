import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { LEAD_STATUS_LABEL, leadPatch, leadStatuses } from "../../../../src/schemas/campaigns/leads";
import { Dialog } from "../../../components/ui/dialog";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

export type LeadItem = {
  id: string;
  businessName: string;
  category: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  email: string | null;
  status: string;
};
type Status = (typeof leadStatuses)[number];
const STATUS_OPTIONS = leadStatuses.map((value) => ({ value, label: LEAD_STATUS_LABEL[value] }));

/** Editing one lead (SPEC §5: name 2–300, e-mail valid or empty, site a URL or empty). */
export function EditLeadDialog({ lead, onClose }: { lead: LeadItem; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [d, setD] = useState({
    businessName: lead.businessName,
    category: lead.category ?? "",
    address: lead.address ?? "",
    city: lead.city ?? "",
    phone: lead.phone ?? "",
    website: lead.website ?? "",
    email: lead.email ?? "",
    status: ((leadStatuses as readonly string[]).includes(lead.status) ? lead.status : "new") as Status,
  });
  const [submitted, setSubmitted] = useState(false);
  const parsed = useMemo(() => leadPatch.safeParse(d), [d]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const save = useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Lead salvo" });
        await qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !save.isPending) save.mutate({ id: lead.id, patch: d });
  }
  const set = (p: Partial<typeof d>) => setD((x) => ({ ...x, ...p }));
  return (
    <Dialog open onClose={onClose} title="Editar lead" size="lg">
      <form onSubmit={submit} noValidate aria-label="Editar lead" className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput label="Nome da empresa" value={d.businessName} onChange={(businessName) => set({ businessName })} error={errors.businessName} max={300} />
          <TextInput label="Categoria" value={d.category} onChange={(category) => set({ category })} error={errors.category} />
          <TextInput label="Telefone" value={d.phone} onChange={(phone) => set({ phone })} error={errors.phone} />
          <TextInput label="E-mail" value={d.email} onChange={(email) => set({ email })} error={errors.email} type="email" />
          <TextInput label="Site" value={d.website} onChange={(website) => set({ website })} error={errors.website} placeholder="https://" />
          <TextInput label="Cidade" value={d.city} onChange={(city) => set({ city })} error={errors.city} />
          <TextInput label="Endereço" value={d.address} onChange={(address) => set({ address })} error={errors.address} className="sm:col-span-2" />
          <SelectInput label="Status" value={d.status} onChange={(status) => set({ status })} options={STATUS_OPTIONS} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Salvar
          </button>
        </div>
      </form>
    </Dialog>
  );
}
