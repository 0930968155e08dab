import { Icon } from "../../../components/ui/icons";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { isUsable, type Provider, type TestResult } from "../hooks/use-ai-providers";

type Props = {
  p: Provider;
  testing: boolean;
  result: TestResult | undefined;
  onEdit: () => void;
  onTest: () => void;
  onUseModels: (models: string[]) => void;
};

const STATUS = {
  ok: { label: "Conexão OK", cls: "badge-success" },
  failed: { label: "Falhou", cls: "badge-error" },
  untested: { label: "Não testado", cls: "badge-ghost" },
} as const;

/** One provider: what is configured (never the key itself), its models and the last test. */
export function ProviderCard({ p, testing, result, onEdit, onTest, onUseModels }: Props) {
  const status = STATUS[p.testStatus];
  return (
    <article aria-label={p.displayName} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start gap-3">
          <span className="flex size-10 items-center justify-center rounded-field bg-primary/10 text-primary">
            <Icon name="cpu" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold">{p.displayName}</h2>
            <p className="truncate font-mono text-base-content/60 text-xs">
              {p.provider} · {p.baseUrl || "https://api.openai.com/v1"}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <span className={`badge badge-sm ${p.isActive ? "badge-primary badge-soft" : "badge-ghost"}`}>{p.isActive ? "Ativo" : "Inativo"}</span>
            <span className={`badge badge-sm ${p.hasApiKey ? "badge-soft badge-success" : "badge-ghost"}`}>
              <Icon name="key" className="size-3" />
              {p.hasApiKey ? "Chave configurada" : "Sem chave"}
            </span>
            {!isUsable(p) && <span className="badge badge-warning badge-soft badge-sm">Não utilizável</span>}
          </div>
        </div>

        <div className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <p className="text-base-content/60 text-xs">Modelos habilitados</p>
            <p>{(p.selectedModels.length ? p.selectedModels : p.availableModels).join(", ") || "Nenhum"}</p>
          </div>
          <div>
            <p className="text-base-content/60 text-xs">Último teste</p>
            <p className="flex flex-wrap items-center gap-2">
              <span className={`badge badge-sm ${status.cls}`}>{status.label}</span>
              {p.lastTested ? formatDateTime(p.lastTested) : "—"}
            </p>
            {p.testStatus === "failed" && p.errorMessage && <p className="mt-1 text-error text-xs">{p.errorMessage}</p>}
          </div>
        </div>

        {result && (
          <div role="status" className={`alert alert-soft text-sm ${result.ok ? "alert-success" : "alert-error"}`}>
            {result.ok ? (
              <div className="min-w-0">
                <p className="font-medium">Conexão bem-sucedida: {result.models.length} modelos encontrados.</p>
                {result.models.length > 0 && (
                  <>
                    <p className="mt-1 line-clamp-2 font-mono text-xs opacity-80">{result.models.slice(0, 30).join(", ")}</p>
                    <button type="button" className="btn btn-xs mt-2" onClick={() => onUseModels(result.models)}>
                      Usar estes modelos
                    </button>
                  </>
                )}
              </div>
            ) : (
              <p>Falha na conexão: {result.error}</p>
            )}
          </div>
        )}

        <div className="flex gap-2 border-base-300 border-t pt-3">
          <button type="button" className="btn btn-sm" onClick={onEdit}>
            <Icon name="pencil" className="size-4" />
            Editar
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onTest} disabled={testing}>
            {testing ? <ButtonSpinner /> : <Icon name="play" className="size-4" />}
            Testar conexão
          </button>
        </div>
      </div>
    </article>
  );
}
