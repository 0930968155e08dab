import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useParams } from "wouter";
import { CERTIFICATE_TEXT } from "../../../../src/schemas/academy/quiz";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDate } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";

/** The code as typed in the address; a malformed escape ("%E0%A4") is kept as it is rather than crashing the page. */
function decodeCode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * /certificado/{code}, public (issue 19): confirms a certificate — the person's name, the course and
 * the date, nothing else — or says it was not found. No login: anyone holding the code may check it.
 */
export default function CertificateVerifyPage() {
  const { code = "" } = useParams<{ code: string }>();
  const verifyCode = decodeCode(code);
  const verify = useQuery(trpc.certificates.verify.queryOptions({ code: verifyCode }, { retry: false, staleTime: 60_000 }));
  // A 400 is a code that cannot exist (too long): "not found". Anything else (no answer, 5xx) is not an answer about the certificate.
  const failed = verify.isError && (verify.error as { data?: { httpStatus?: number } }).data?.httpStatus !== 400;
  useEffect(() => {
    document.title = "Verificação de certificado · Atenda";
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <section aria-labelledby="verify-title" className="card w-full max-w-lg bg-base-100 shadow">
        <div className="card-body gap-4">
          <p className="font-semibold text-base-content/70 text-sm tracking-wide">ATENDA ACADEMY</p>
          <h1 id="verify-title" className="font-semibold text-2xl">
            Verificação de certificado
          </h1>
          {verify.isPending ? (
            <div className="flex flex-col gap-2" aria-busy="true">
              <Skeleton className="h-6 w-56" />
              <Skeleton className="h-4 w-72" />
            </div>
          ) : failed ? (
            <div role="alert" className="flex flex-col items-start gap-2">
              <p className="font-medium text-lg">Não foi possível verificar o certificado agora.</p>
              <p className="text-base-content/70 text-sm">Verifique sua conexão e tente novamente em instantes.</p>
              <button type="button" className="btn btn-sm btn-primary" disabled={verify.isFetching} onClick={() => void verify.refetch()}>
                Tentar novamente
              </button>
            </div>
          ) : verify.data?.valid ? (
            <div role="status" className="flex flex-col gap-3">
              <p className="badge badge-success badge-lg">{CERTIFICATE_TEXT.valid}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-base-content/70">Nome</dt>
                <dd className="font-medium">{verify.data.recipientName}</dd>
                <dt className="text-base-content/70">Curso</dt>
                <dd className="font-medium">{verify.data.courseTitle}</dd>
                <dt className="text-base-content/70">Concluído em</dt>
                <dd className="font-medium">{formatDate(verify.data.issuedAt)}</dd>
                <dt className="text-base-content/70">Código</dt>
                <dd className="font-mono">{verifyCode.toUpperCase()}</dd>
              </dl>
            </div>
          ) : (
            <div role="status" className="flex flex-col gap-2">
              <p className="font-medium text-lg">{CERTIFICATE_TEXT.notFound}</p>
              <p className="text-base-content/70 text-sm">Confira o código impresso no certificado (formato ATD-XXXX-XXXX).</p>
            </div>
          )}
          <Link href="/" className="link link-hover text-sm">
            Conhecer a Atenda
          </Link>
        </div>
      </section>
    </main>
  );
}
