import { useQuery } from "@tanstack/react-query";
import { certificateVerifyPath } from "../../../../src/schemas/academy/quiz";
import { useToast } from "../../../components/ui/toast";
import { formatDate } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";

/**
 * "Meus certificados" (issue 19): the learner's certificates with the PDF, the public verification
 * page and its link to share. Renders nothing until there is one (the catalogue stays uncluttered).
 */
export function MyCertificates() {
  const mine = useQuery(trpc.certificates.mine.queryOptions(undefined, { staleTime: 30_000 }));
  const toast = useToast();
  // A learner with certificates must not think they are gone when the list did not load.
  if (mine.isError) {
    return (
      <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between gap-2 text-sm">
        <span>Não foi possível carregar seus certificados.</span>
        <button type="button" className="btn btn-sm" disabled={mine.isFetching} onClick={() => void mine.refetch()}>
          Tentar novamente
        </button>
      </div>
    );
  }
  if (!mine.data || mine.data.length === 0) return null;

  const copy = async (code: string) => {
    const url = `${window.location.origin}${certificateVerifyPath(code)}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copiado", description: url });
    } catch {
      toast({ variant: "destructive", title: "Não foi possível copiar", description: url });
    }
  };

  return (
    <section aria-labelledby="my-certificates" className="flex flex-col gap-3">
      <h2 id="my-certificates" className="font-semibold text-lg">
        Meus certificados
      </h2>
      <ul className="flex flex-col gap-2" aria-label="Certificados">
        {mine.data.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-3">
            <div className="flex flex-col">
              <span className="font-medium">{c.courseTitle}</span>
              <span className="text-base-content/70 text-sm">
                Concluído em {formatDate(c.issuedAt)} · Código <span className="font-mono">{c.verificationCode}</span>
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <a className="btn btn-sm btn-outline" href={c.pdfUrl} aria-label={`Baixar certificado de ${c.courseTitle}`}>
                Baixar PDF
              </a>
              <a className="btn btn-sm btn-ghost" href={certificateVerifyPath(c.verificationCode)} target="_blank" rel="noreferrer">
                Ver verificação
              </a>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => copy(c.verificationCode)}>
                Copiar link
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
