import { type FormEvent, useState } from "react";
import { discoverInput, trainingWebsiteInput } from "../../../../../src/schemas/training";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { useSectionForm } from "../../hooks/use-section-form";
import { useAddWebsite, useDiscover } from "../../hooks/use-training";
import { useReportDirty } from "../sections/types";
import { ServerError, SubmitRow } from "./form-bits";
import { SubpagePicker } from "./subpage-picker";
import { FREQUENCY_OPTIONS, type UpdateFrequency } from "./training-format";

type Props = { agentId: string; disabled: boolean; onDirtyChange: (dirty: boolean) => void };
type Values = { url: string; subpages: string[]; updateFrequency: UpdateFrequency };
const EMPTY: Values = { url: "", subpages: [], updateFrequency: "never" };

/** Sites: one address, the subpages the owner ticks (found from the sitemap or links), and a refresh rhythm. */
export function WebsiteForm({ agentId, disabled, onDirtyChange }: Props) {
  const form = useSectionForm(trainingWebsiteInput, EMPTY);
  const add = useAddWebsite(agentId);
  const discover = useDiscover();
  // The pages found for the address typed when "Descobrir páginas" was pressed.
  const [found, setFound] = useState<{ url: string; pages: string[] } | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  useReportDirty(form.dirty, onDirtyChange);
  const { values: v, set, errors } = form;

  const setUrl = (url: string) => {
    setUrlError(null);
    discover.reset();
    form.setValues((cur) => ({ ...cur, url, subpages: found && found.url === url.trim() ? cur.subpages : [] }));
  };

  const runDiscover = () => {
    const parsed = discoverInput.safeParse({ url: v.url });
    if (!parsed.success) {
      setUrlError(parsed.error.issues[0]?.message ?? "URL inválida");
      return;
    }
    setUrlError(null);
    discover.mutate(parsed.data, {
      onSuccess: (r) => {
        setFound({ url: parsed.data.url, pages: r.subpages });
        set("subpages", []);
      },
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (body && !add.isPending)
      add.mutate(
        { agentId, body },
        {
          onSuccess: () => {
            form.reset();
            setFound(null);
          },
        },
      );
  };

  const discoverError = discover.error ? trpcErrorMessage(discover.error, "Não foi possível ler o site.") : null;

  return (
    <form onSubmit={submit} aria-label="Adicionar site" className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextInput
          className="flex-1"
          label="Endereço do site"
          value={v.url}
          onChange={setUrl}
          error={urlError ?? errors.url ?? discoverError}
          disabled={disabled}
          placeholder="https://www.suaempresa.com.br"
          hint="A página inicial ou a página com as informações que o agente deve saber."
        />
        <button type="button" className="btn btn-outline btn-sm sm:mt-7" disabled={disabled || discover.isPending || !v.url.trim()} onClick={runDiscover}>
          {discover.isPending ? <ButtonSpinner /> : <Icon name="search" className="size-4" />}
          Descobrir páginas
        </button>
      </div>
      {found && found.url === v.url.trim() && (
        <SubpagePicker pages={found.pages} selected={v.subpages} onChange={(x) => set("subpages", x)} disabled={disabled} />
      )}
      <SelectInput
        className="sm:max-w-xs"
        label="Atualizar automaticamente"
        value={v.updateFrequency}
        onChange={(x) => set("updateFrequency", x)}
        options={FREQUENCY_OPTIONS}
        error={errors.updateFrequency}
        disabled={disabled}
        hint="Com que frequência o agente relê o site para ficar em dia."
      />
      <ServerError error={add.error} />
      <SubmitRow pending={add.isPending} disabled={disabled}>
        Adicionar site
      </SubmitRow>
    </form>
  );
}
