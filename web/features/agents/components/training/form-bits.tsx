import type { ReactNode } from "react";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../../lib/trpc";

/** The server's refusal (pt-BR, including "sem permissão"), shown right under the form that caused it. */
export function ServerError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-error text-sm">
      {trpcErrorMessage(error, "Não foi possível salvar. Tente novamente.")}
    </p>
  );
}

export function SubmitRow({ pending, disabled, children, extra }: { pending: boolean; disabled?: boolean; children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {extra}
      <button type="submit" className="btn btn-primary btn-sm" disabled={pending || disabled}>
        {pending && <ButtonSpinner />}
        {children}
      </button>
    </div>
  );
}
