import { ProtectedImage } from "../../../components/ui/protected-image";
import { Icon } from "../../../components/ui/icons";
import { formatFileSize } from "../lib/attachments";

export type RequestAttachment = { id: string; fileName: string; mimeType: string; sizeBytes: number; url: string };

/** The request's files: images as thumbnails (protected loader), the recording playing here, the rest as downloads. */
export function RequestAttachments({ files }: { files: RequestAttachment[] }) {
  if (files.length === 0) return null;
  const images = files.filter((f) => f.mimeType.startsWith("image/"));
  const videos = files.filter((f) => f.mimeType.startsWith("video/"));
  const others = files.filter((f) => !f.mimeType.startsWith("image/") && !f.mimeType.startsWith("video/"));
  return (
    <section aria-labelledby="attachments-title" className="flex flex-col gap-3">
      <h2 id="attachments-title" className="font-semibold">
        Anexos
      </h2>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {images.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noreferrer" className="block rounded-box border border-base-300 p-1 hover:border-primary">
                <ProtectedImage src={f.url} alt={f.fileName} className="h-32 w-auto max-w-56 rounded object-contain" />
                <span className="block max-w-56 truncate px-1 pt-1 text-base-content/70 text-xs">
                  {f.fileName} · {formatFileSize(f.sizeBytes)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {videos.map((f) => (
        <figure key={f.id} className="flex flex-col gap-1">
          <video controls preload="metadata" src={f.url} aria-label={f.fileName} className="max-h-96 w-full rounded-box bg-black" />
          <figcaption className="text-base-content/70 text-xs">
            {f.fileName} · {formatFileSize(f.sizeBytes)}
          </figcaption>
        </figure>
      ))}
      {others.length > 0 && (
        <ul className="flex flex-col gap-1">
          {others.map((f) => (
            <li key={f.id}>
              <a href={f.url} className="link inline-flex items-center gap-1 text-sm" download={f.fileName}>
                <Icon name="paperclip" className="size-4" />
                {f.fileName}
              </a>
              <span className="ml-1 text-base-content/60 text-xs">({formatFileSize(f.sizeBytes)})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
