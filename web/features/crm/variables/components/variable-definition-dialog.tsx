import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import {
  VARIABLE_CATEGORY_LABEL,
  VARIABLE_DATA_TYPE_LABEL,
  type VariableCategory,
  type VariableDataType,
  createVariableDefinitionInput,
  variableCategories,
  variableDataTypes,
  variableDefinitionBody,
} from "../../../../../src/schemas/crm/variables";
import { Dialog } from "../../../../components/ui/dialog";
import { SelectInput, TextArea, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type VariableDefinition, useRefreshVariables } from "../hooks/use-variables";

const categoryOptions = variableCategories.map((c) => ({ value: c, label: VARIABLE_CATEGORY_LABEL[c] }));
const typeOptions = variableDataTypes.map((t) => ({ value: t, label: VARIABLE_DATA_TYPE_LABEL[t] }));

/** Creates a custom variable, or edits one (its name is fixed: contact values refer to it). */
export function VariableDefinitionDialog({ definition, onClose }: { definition: VariableDefinition | null; onClose: () => void }) {
  const [name, setName] = useState(definition?.name ?? "");
  const [displayName, setDisplayName] = useState(definition?.displayName ?? "");
  const [category, setCategory] = useState<VariableCategory>(definition?.category ?? "custom");
  const [dataType, setDataType] = useState<VariableDataType>(definition?.dataType ?? "string");
  const [format, setFormat] = useState(definition?.format ?? "");
  const [defaultValue, setDefaultValue] = useState(definition?.defaultValue ?? "");
  const [description, setDescription] = useState(definition?.description ?? "");
  const [extractable, setExtractable] = useState(definition?.extractable ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const toast = useToast();
  const refresh = useRefreshVariables();
  const opts = {
    onSuccess: async () => {
      toast({ title: definition ? "Variável atualizada" : "Variável criada" });
      await refresh();
      onClose();
    },
    onError: (e: unknown) => {
      const f = serverFieldError(e);
      if (f) setErrors({ [f.field.replace(/^patch\./, "")]: f.message });
      else toast({ variant: "destructive", title: "Não foi possível salvar a variável", description: trpcErrorMessage(e, "Tente novamente.") });
    },
  };
  const create = useMutation(trpc.variables.definitions.create.mutationOptions(opts));
  const update = useMutation(trpc.variables.definitions.update.mutationOptions(opts));
  const pending = create.isPending || update.isPending;

  function submit() {
    const body = { displayName, category, dataType, format, defaultValue, description, extractable };
    if (definition?.id) {
      const parsed = variableDefinitionBody.safeParse(body);
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      return update.mutate({ id: definition.id, patch: parsed.data });
    }
    const parsed = createVariableDefinitionInput.safeParse({ ...body, name });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={definition ? `Editar {{${definition.name}}}` : "Nova variável"}
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </button>
          <button type="submit" form="variable-definition-form" className="btn btn-primary" disabled={pending}>
            {pending && <ButtonSpinner />}
            Salvar
          </button>
        </>
      }
    >
      <form
        id="variable-definition-form"
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput
          label="Nome da variável"
          value={name}
          onChange={(v) => setName(v.toLowerCase().replace(/\s+/g, "_"))}
          error={errors.name}
          max={100}
          hint={definition ? "O nome não muda depois de criado." : `Usado como {{${name || "numero_pedido"}}} nas mensagens.`}
          disabled={Boolean(definition)}
          autoFocus={!definition}
          placeholder="numero_pedido"
        />
        <TextInput label="Nome de exibição" value={displayName} onChange={setDisplayName} error={errors.displayName} max={200} placeholder="Número do pedido" />
        <SelectInput label="Categoria" value={category} onChange={setCategory} options={categoryOptions} error={errors.category} />
        <SelectInput label="Tipo de dado" value={dataType} onChange={setDataType} options={typeOptions} error={errors.dataType} />
        <TextInput label="Formato (opcional)" value={format} onChange={setFormat} error={errors.format} max={100} placeholder="Ex.: 5 dígitos" />
        <TextInput
          label="Valor padrão (opcional)"
          value={defaultValue}
          onChange={setDefaultValue}
          error={errors.defaultValue}
          max={1000}
          hint="Usado quando o contato não tem valor."
        />
        <TextArea label="Descrição (opcional)" value={description} onChange={setDescription} error={errors.description} max={500} rows={2} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <ToggleRow
            label="A IA procura nas conversas"
            description="O agente extrai este valor do que o cliente escreve (pelo modelo, ou por 'Nome de exibição: valor' no modo offline)."
            checked={extractable}
            onChange={setExtractable}
          />
        </div>
      </form>
    </Dialog>
  );
}
