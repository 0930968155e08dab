import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SelectInput, TextArea } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { VALIDATION_MAX_NUMBERS, parseTypedNumbers, typedNumbers } from "../../../../src/schemas/campaigns/validation";
import { useStartValidation } from "../hooks/use-validation";

type Kind = "numbers" | "campaign_list" | "lead_list" | "contacts";
const KINDS: { value: Kind; label: string }[] = [
  { value: "numbers", label: "Números digitados" },
  { value: "campaign_list", label: "Uma lista de campanha" },
  { value: "lead_list", label: "Uma lista de leads" },
  { value: "contacts", label: "Todos os contatos com telefone" },
];

/** "Nova validação": what to check, on which own-server WhatsApp, and start. */
export function ValidationForm({ canWrite, onStarted }: { canWrite: boolean; onStarted: (id: string) => void }) {
  const [kind, setKind] = useState<Kind>("numbers");
  const [text, setText] = useState("");
  const [listId, setListId] = useState("");
  const [connectionId, setConnectionId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const connections = useQuery(trpc.validation.connections.queryOptions());
  const targets = useQuery(trpc.validation.targets.queryOptions());
  const start = useStartValidation();
  const usable = connections.data?.filter((c) => c.connected) ?? [];
  const chosen = connectionId || usable[0]?.id || "";
  const lists = kind === "campaign_list" ? (targets.data?.campaignLists ?? []) : kind === "lead_list" ? (targets.data?.leadLists ?? []) : [];
  const chosenList = listId && lists.some((l) => l.id === listId) ? listId : (lists[0]?.id ?? "");
  const typed = kind === "numbers" ? parseTypedNumbers(typedNumbers.parse(text)) : null;

  const submit = () => {
    setError(null);
    if (typed && typed.phones.length === 0) return setError("Digite ao menos um número (um por linha).");
    if (typed && typed.phones.length > VALIDATION_MAX_NUMBERS) return setError(`No máximo ${formatNumber(VALIDATION_MAX_NUMBERS)} números por validação.`);
    if ((kind === "campaign_list" || kind === "lead_list") && !chosenList) return setError("Escolha uma lista.");
    const target =
      kind === "numbers" ? { kind, text } : kind === "contacts" ? { kind } : { kind, listId: chosenList };
    start.mutate(
      { connectionId: chosen, target },
      {
        onSuccess: (run) => {
          setText("");
          onStarted(run.id);
          toast({ title: "Validação iniciada", description: `${formatNumber(run.totalCount)} números na fila.` });
        },
        onError: (e) => setError(trpcErrorMessage(e, "Não foi possível iniciar a validação.")),
      },
    );
  };

  if (connections.isSuccess && usable.length === 0) {
    return (
      <div role="alert" className="alert alert-info">
        <span>
          Para validar números, conecte um <strong>WhatsApp por servidor próprio (UAZAPI)</strong> em Canais e leia o QR code. A API oficial do WhatsApp (Cloud API) não
          oferece verificação de números.
        </span>
      </div>
    );
  }
  return (
    <form
      className="card card-border bg-base-100"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">Nova validação</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectInput label="O que verificar" value={kind} onChange={setKind} options={KINDS} disabled={!canWrite} />
          <SelectInput
            label="WhatsApp que faz a verificação"
            value={chosen}
            onChange={setConnectionId}
            options={usable.map((c) => ({ value: c.id, label: `${c.name}${c.phoneNumber ? ` (+${c.phoneNumber})` : ""}` }))}
            hint="Só o WhatsApp por servidor próprio verifica números; a API oficial não oferece essa consulta."
            disabled={!canWrite}
          />
        </div>
        {kind === "numbers" && (
          <TextArea
            label="Números (um por linha)"
            value={text}
            onChange={setText}
            rows={6}
            placeholder={"(11) 98765-4321\n+55 21 99876-5432"}
            hint={typed ? `${formatNumber(typed.phones.length)} números válidos${typed.invalid.length ? `, ${formatNumber(typed.invalid.length)} linhas ignoradas (não são telefones)` : ""}.` : undefined}
            disabled={!canWrite}
          />
        )}
        {(kind === "campaign_list" || kind === "lead_list") &&
          (lists.length ? (
            <SelectInput
              label={kind === "campaign_list" ? "Lista de campanha" : "Lista de leads"}
              value={chosenList}
              onChange={setListId}
              options={lists.map((l) => ({ value: l.id, label: `${l.name} (${formatNumber(l.count)})` }))}
              disabled={!canWrite}
            />
          ) : (
            <p className="text-base-content/70 text-sm">Nenhuma lista ainda.</p>
          ))}
        {kind === "contacts" && <p className="text-base-content/70 text-sm">Todos os contatos do CRM que têm telefone serão verificados.</p>}
        {error && (
          <p role="alert" className="text-error text-sm">
            {error}
          </p>
        )}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={!canWrite || start.isPending || !chosen}>
            {start.isPending && <ButtonSpinner />}
            Validar números
          </button>
        </div>
      </div>
    </form>
  );
}
