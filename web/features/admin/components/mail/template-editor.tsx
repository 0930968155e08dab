import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { TextArea, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { fillTemplate, mailTemplateSaveInput, mailTemplateTestInput, unknownVariables, unknownVariablesMessage } from "../../../../../src/schemas/admin-mail";
import { MailPreview } from "./mail-preview";
import type { MailTemplateView } from "./types";

/** Edits one template: subject, HTML and text with its variables listed, a live preview on sample data, a test send, restore. */
export function TemplateEditor({ view, onClose }: { view: MailTemplateView; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [subject, setSubject] = useState(view.subject);
  const [htmlContent, setHtml] = useState(view.htmlContent);
  const [textContent, setText] = useState(view.textContent);
  const [isActive, setIsActive] = useState(view.isActive);
  const [testTo, setTestTo] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmRestore, setConfirmRestore] = useState(false);

  const unknown = useMemo(() => unknownVariables([subject, htmlContent, textContent], view.variables), [subject, htmlContent, textContent, view.variables]);
  const preview = useMemo(
    () => ({ subject: fillTemplate(subject, view.sample, false), html: fillTemplate(htmlContent, view.sample, true), text: fillTemplate(textContent, view.sample, false) }),
    [subject, htmlContent, textContent, view.sample],
  );
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.adminMail.templates.list.queryKey() });
    await qc.invalidateQueries({ queryKey: trpc.adminMail.templates.get.queryKey({ type: view.type }) });
  };
  const save = useMutation(
    trpc.adminMail.templates.save.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Modelo salvo" });
        await refresh();
      },
    }),
  );
  const restore = useMutation(
    trpc.adminMail.templates.restore.mutationOptions({
      onSuccess: async (v) => {
        setSubject(v.subject);
        setHtml(v.htmlContent);
        setText(v.textContent);
        setIsActive(v.isActive);
        setConfirmRestore(false);
        toast({ title: "Modelo restaurado para o padrão" });
        await refresh();
      },
    }),
  );
  const sendTest = useMutation(trpc.adminMail.templates.sendTest.mutationOptions());

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = mailTemplateSaveInput.safeParse({ type: view.type, subject, htmlContent, textContent, isActive });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (unknown.length) return;
    save.mutate(parsed.data);
  }
  function test() {
    const parsed = mailTemplateTestInput.safeParse({ type: view.type, to: testTo, draft: { subject, htmlContent, textContent } });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    sendTest.mutate(parsed.data);
  }
  const result = sendTest.data;

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form className="card border border-base-300 bg-base-100" onSubmit={submit} noValidate aria-label={`Editar modelo ${view.name}`}>
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="card-title text-lg">{view.name}</h2>
            <span className="badge badge-ghost badge-sm font-mono">{view.type}</span>
            {view.customized ? <span className="badge badge-info badge-sm">editado</span> : <span className="badge badge-ghost badge-sm">padrão</span>}
          </div>
          <div>
            <p className="font-medium text-sm">Variáveis disponíveis</p>
            <ul className="mt-1 flex flex-wrap gap-1" aria-label="Variáveis disponíveis">
              {[...view.variables, ...view.alwaysAvailable].map((v) => (
                <li key={v}>
                  <code className="badge badge-outline badge-sm">{`{{${v}}}`}</code>
                </li>
              ))}
            </ul>
          </div>
          <TextInput label="Assunto" value={subject} onChange={setSubject} error={errors.subject} max={200} />
          <TextArea label="Conteúdo HTML" value={htmlContent} onChange={setHtml} error={errors.htmlContent} rows={8} />
          <TextArea label="Conteúdo em texto" value={textContent} onChange={setText} error={errors.textContent} rows={6} />
          <ToggleRow label="Modelo ativo" description="Desativado, o email sai com o texto padrão do sistema (a edição fica guardada)." checked={isActive} onChange={setIsActive} />
          {unknown.length > 0 && (
            <div role="alert" className="alert alert-warning alert-soft text-sm">
              {unknownVariablesMessage(unknown)}
            </div>
          )}
          {save.isError && (
            <div role="alert" className="alert alert-error alert-soft text-sm">
              {trpcErrorMessage(save.error, "Não foi possível salvar.")}
            </div>
          )}
          <div className="card-actions justify-between">
            <div className="flex gap-2">
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                Voltar
              </button>
              <button type="button" className="btn btn-ghost text-error" disabled={!view.customized || restore.isPending} onClick={() => setConfirmRestore(true)}>
                Restaurar padrão
              </button>
            </div>
            <button type="submit" className="btn btn-primary" disabled={save.isPending || unknown.length > 0}>
              {save.isPending && <ButtonSpinner />}
              Salvar modelo
            </button>
          </div>
        </div>
      </form>
      <div className="flex flex-col gap-6">
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3">
            <h2 className="card-title text-lg">Pré-visualização com dados de exemplo</h2>
            <MailPreview subject={preview.subject} html={preview.html} text={preview.text} />
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3">
            <h2 className="card-title text-lg">Enviar um teste</h2>
            <p className="text-base-content/70 text-sm">Envia o conteúdo acima (mesmo sem salvar) com os dados de exemplo e o assunto marcado como [Teste].</p>
            <TextInput label="Enviar teste para" type="email" value={testTo} onChange={setTestTo} error={errors.to} placeholder="voce@exemplo.com.br" />
            {sendTest.isError && (
              <div role="alert" className="alert alert-error alert-soft text-sm">
                {trpcErrorMessage(sendTest.error, "Não foi possível enviar o teste.")}
              </div>
            )}
            {result && (
              <div role="status" className={`alert alert-soft text-sm ${result.status === "failed" ? "alert-error" : result.status === "sent" ? "alert-success" : "alert-warning"}`}>
                {result.status === "sent" && "Email de teste enviado."}
                {result.status === "queued" && "Email de teste na fila: não há servidor de email ativo."}
                {result.status === "failed" && `O envio falhou: ${result.error ?? "motivo desconhecido"}`}{" "}
                <Link href="/admin/teste-emails" className="link">
                  Ver na caixa de saída
                </Link>
              </div>
            )}
            <div className="card-actions justify-end">
              <button type="button" className="btn" disabled={sendTest.isPending || unknown.length > 0} onClick={test}>
                {sendTest.isPending && <ButtonSpinner />}
                Enviar teste
              </button>
            </div>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirmRestore}
        title="Restaurar o modelo padrão?"
        description="A edição deste modelo será apagada e o sistema volta a enviar o texto padrão."
        confirmLabel="Restaurar padrão"
        pending={restore.isPending}
        onConfirm={() => restore.mutate({ type: view.type })}
        onCancel={() => setConfirmRestore(false)}
      />
    </div>
  );
}
