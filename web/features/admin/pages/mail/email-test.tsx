import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { mailTemplateTestInput } from "../../../../../src/schemas/admin-mail";
import { OutboxTable } from "../../components/mail/outbox-table";

/** /admin/teste-emails: send any platform mail as a test to any address, and the outbox with failures and their reasons. */
export default function EmailTestPage() {
  const list = useQuery(trpc.adminMail.templates.list.queryOptions());
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Teste de emails</h1>
        <p className="mt-1 text-base-content/70 text-sm">Envie um email de teste e acompanhe tudo o que a plataforma enviou, inclusive as falhas e o motivo.</p>
      </div>
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os modelos.")}
        </div>
      ) : (
        <>
          <SendTestCard templates={list.data} />
          <OutboxTable templates={list.data} />
        </>
      )}
    </div>
  );
}

function SendTestCard({ templates }: { templates: { type: string; name: string }[] }) {
  const qc = useQueryClient();
  const [type, setType] = useState(templates[0]?.type ?? "");
  const [to, setTo] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useMutation(
    trpc.adminMail.templates.sendTest.mutationOptions({
      onSettled: () => qc.invalidateQueries({ queryKey: trpc.adminMail.outbox.list.queryKey() }),
    }),
  );
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = mailTemplateTestInput.safeParse({ type, to });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data);
  }
  const r = send.data;
  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={submit} noValidate aria-label="Enviar email de teste">
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">Enviar email de teste</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput label="Modelo" value={type} onChange={setType} options={templates.map((t) => ({ value: t.type, label: t.name }))} />
          <TextInput label="Destinatário" type="email" value={to} onChange={setTo} error={errors.to} placeholder="voce@exemplo.com.br" />
        </div>
        {send.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(send.error, "Não foi possível enviar o teste.")}
          </div>
        )}
        {r && (
          <div role="status" className={`alert alert-soft text-sm ${r.status === "failed" ? "alert-error" : r.status === "sent" ? "alert-success" : "alert-warning"}`}>
            {r.status === "sent" && "Email de teste enviado."}
            {r.status === "queued" && "Email de teste na fila: não há servidor de email ativo."}
            {r.status === "failed" && `O envio falhou: ${r.error ?? "motivo desconhecido"}`}
          </div>
        )}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending && <ButtonSpinner />}
            Enviar teste
          </button>
        </div>
      </div>
    </form>
  );
}
