import { ProtectedImage } from "../../../../components/ui/protected-image";
import { formatFileSize } from "./support-badges";

type Attachment = { id: string; fileName: string; mimeType: string; sizeBytes: number; url: string };

/**
 * A request's files: images inline (through the shared protected loader), the screen recording
 * playing in the page (the files route answers range requests, so the player can seek), the rest as
 * downloads with their sizes.
 */
export function SupportAttachments({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return <p className="text-base-content/60 text-sm">Nenhum anexo.</p>;
  const images = attachments.filter((a) => a.mimeType.startsWith("image/"));
  const videos = attachments.filter((a) => a.mimeType.startsWith("video/"));
  const others = attachments.filter((a) => !a.mimeType.startsWith("image/") && !a.mimeType.startsWith("video/"));
  return (
    <div className="flex flex-col gap-4">
      {videos.map((v) => (
        <figure key={v.id} className="flex flex-col gap-1">
          <video controls preload="metadata" src={v.url} aria-label={v.fileName} className="max-h-[480px] w-full rounded-box bg-black" />
          <figcaption className="text-base-content/70 text-xs">
            <a href={v.url} download={v.fileName} className="link">
              {v.fileName}
            </a>{" "}
            · {formatFileSize(v.sizeBytes)}
          </figcaption>
        </figure>
      ))}
      {images.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {images.map((img) => (
            <li key={img.id} className="flex flex-col gap-1">
              <a href={img.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-box border border-base-300">
                <ProtectedImage src={img.url} alt={img.fileName} className="max-h-72 w-full object-contain" loading="lazy" />
              </a>
              <span className="text-base-content/70 text-xs">
                {img.fileName} · {formatFileSize(img.sizeBytes)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="flex flex-col gap-1">
          {others.map((f) => (
            <li key={f.id} className="text-sm">
              <a href={f.url} download={f.fileName} className="link">
                {f.fileName}
              </a>{" "}
              <span className="text-base-content/60">({formatFileSize(f.sizeBytes)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
