/** Sizes of downloads: "820 KB", "3,4 MB". */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}

type Material = { id: string; title: string; url: string; sizeBytes: number; mimeType: string };

/** The lesson's files to download (served only to those who may open the lesson). */
export function LessonMaterials({ materials }: { materials: Material[] }) {
  if (materials.length === 0) return null;
  return (
    <section aria-labelledby="materials" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2">
        <h2 id="materials" className="card-title text-base">
          Materiais
        </h2>
        <ul className="flex flex-col gap-1">
          {materials.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
              <a href={m.url} download className="link link-primary">
                {m.title}
              </a>
              <span className="text-base-content/60 text-xs">{formatSize(m.sizeBytes)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
