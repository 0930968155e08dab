import { useCacheStats } from "../../hooks/use-training";
import { cacheHitsLabel, formatBrl } from "./training-format";

/** Semantic cache (SPEC §9): repeated questions answered without a model call, and what that saved. */
export function CacheCard({ agentId }: { agentId: string }) {
  const stats = useCacheStats(agentId);
  const hits = stats.data?.hits ?? 0;
  const saved = stats.data?.savedBrl ?? 0;
  return (
    <section aria-label="Cache de respostas" className="w-full shrink-0 rounded-box sm:w-64 border border-base-300 bg-base-200/50 px-4 py-3">
      <h3 className="font-medium text-base-content/60 text-xs uppercase tracking-wide">Cache de respostas</h3>
      {stats.isError ? (
        <p className="mt-1 text-base-content/60 text-sm">Indisponível no momento.</p>
      ) : (
        <>
          <p className="mt-1 font-semibold text-sm" data-testid="cache-hits">
            {stats.isPending ? "…" : cacheHitsLabel(hits)}
          </p>
          <p className="font-semibold text-sm text-success" data-testid="cache-saved">
            {stats.isPending ? "…" : `${formatBrl(saved)} economizados`}
          </p>
        </>
      )}
      <p className="mt-1 text-base-content/50 text-xs">Perguntas repetidas são respondidas sem chamar a IA. Treinar de novo limpa o cache.</p>
    </section>
  );
}
