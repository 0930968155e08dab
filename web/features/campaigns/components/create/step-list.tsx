import { Link } from "wouter";
import { CAMPAIGN_NAME } from "../../../../../src/schemas/campaigns/campaign";
import { TextInput } from "../../../../components/ui/fields";
import { formatNumber } from "../../../../lib/format";
import type { FieldErrors } from "../../../../lib/form-errors";
import { useCampaignLists } from "../../hooks/use-campaigns";
import type { CampaignForm } from "./form-state";

type Props = { form: CampaignForm; errors: FieldErrors; set: (patch: Partial<CampaignForm>) => void };

/** Step 1: the campaign's name and the list it goes to. */
export function StepList({ form, errors, set }: Props) {
  const lists = useCampaignLists();
  const items = lists.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      <TextInput label="Nome da campanha" value={form.name} onChange={(name) => set({ name })} error={errors.name} max={CAMPAIGN_NAME.max} placeholder="Ex.: Black Friday 2026" />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.listId ? "list-error" : undefined}>
        <legend className="mb-1 font-medium text-sm">Lista de contatos</legend>
        {lists.isPending ? (
          <p className="text-base-content/60 text-sm">Carregando listas…</p>
        ) : items.length === 0 ? (
          <p className="text-base-content/70 text-sm">Você ainda não tem listas.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {items.map((l) => (
              <label key={l.id} className={`flex cursor-pointer items-center gap-3 rounded-box border p-3 ${form.listId === l.id ? "border-primary bg-primary/5" : "border-base-300"}`}>
                <input type="radio" name="campaign-list" className="radio radio-primary radio-sm" checked={form.listId === l.id} onChange={() => set({ listId: l.id })} />
                <span className="flex flex-col">
                  <span className="font-medium">{l.name}</span>
                  <span className="text-base-content/60 text-xs">{`${formatNumber(l.contactCount)} ${l.contactCount === 1 ? "contato" : "contatos"}`}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        {errors.listId && (
          <p id="list-error" className="text-error text-xs">
            {errors.listId}
          </p>
        )}
        <Link href="/campanhas?aba=listas" className="link link-primary text-sm">
          Criar uma nova lista
        </Link>
      </fieldset>
    </div>
  );
}
