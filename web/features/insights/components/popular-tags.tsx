import { useQuery } from "@tanstack/react-query";
import { formatNumber } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";

/** The workspace's tags by use: a cloud whose font grows with the count. */
export function PopularTags() {
  const tags = useQuery(trpc.insights.popularTags.queryOptions({ limit: 40 }));
  const rows = tags.data ?? [];
  const max = Math.max(1, ...rows.map((t) => t.count));
  return (
    <section aria-labelledby="popular-tags-title" className="flex flex-col gap-2">
      <h2 id="popular-tags-title" className="font-semibold">
        Etiquetas populares
      </h2>
      {tags.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando etiquetas" />
      ) : rows.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70 text-sm">Nenhuma etiqueta ainda: elas aparecem conforme as conversas acontecem.</p>
      ) : (
        <ul className="flex flex-wrap items-baseline gap-2 rounded-box border border-base-300 bg-base-100 p-4" aria-label="Etiquetas por número de conversas">
          {rows.map((t) => (
            <li key={t.tag} className="badge badge-outline gap-1" style={{ fontSize: `${0.8 + (t.count / max) * 0.5}rem`, height: "auto" }}>
              {t.tag}
              <span className="text-base-content/60 tabular-nums">({formatNumber(t.count)})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
