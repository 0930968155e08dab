import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { SelectInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { MailPreview } from "../../components/mail/mail-preview";

/** /admin/modelos-emails/demonstracao: each platform mail exactly as it is sent now, on sample data. */
export default function EmailDemoPage() {
  const list = useQuery(trpc.adminMail.templates.list.queryOptions());
  const [type, setType] = useState("");
  const chosen = type || list.data?.[0]?.type || "";
  const sample = useQuery({ ...trpc.adminMail.templates.sample.queryOptions({ type: chosen }), enabled: chosen !== "" });
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Demonstração de email</h1>
        <p className="mt-1 text-base-content/70 text-sm">
          Como cada email sai hoje (o modelo editado, se ativo; senão o padrão), com dados de exemplo.{" "}
          <Link href="/admin/modelos-emails" className="link">
            Editar modelos
          </Link>
        </p>
      </div>
      <section className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          {list.isPending ? (
            <Skeleton className="h-10 w-72" />
          ) : list.isError ? (
            <div role="alert" className="alert alert-error alert-soft">
              {trpcErrorMessage(list.error, "Não foi possível carregar os modelos.")}
            </div>
          ) : (
            <SelectInput label="Modelo" value={chosen} onChange={setType} options={list.data.map((t) => ({ value: t.type, label: t.name }))} className="max-w-sm" />
          )}
          {sample.isPending && chosen !== "" ? (
            <Skeleton className="h-80 w-full" />
          ) : sample.isError ? (
            <div role="alert" className="alert alert-error alert-soft">
              {trpcErrorMessage(sample.error, "Não foi possível montar a demonstração.")}
            </div>
          ) : sample.data ? (
            <MailPreview subject={sample.data.subject} html={sample.data.html} text={sample.data.text} label="Demonstração" />
          ) : null}
        </div>
      </section>
    </div>
  );
}
