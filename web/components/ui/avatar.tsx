import { useState } from "react";
import { ProtectedImage } from "./protected-image";

const SIZES = { sm: "size-8 text-sm", md: "size-10 text-base", lg: "size-12 text-lg", xl: "size-16 text-2xl" } as const;

/**
 * Agent picture, or its first letter on a tinted disc when there is none (or it fails to load). A
 * picture we store (/api/v1/files/…) goes through the shared image loader; another site's loads as usual.
 */
export function AgentAvatar({ name, url, size = "md" }: { name: string; url?: string | null; size?: keyof typeof SIZES }) {
  const [broken, setBroken] = useState(false);
  const letter = (name.trim()[0] ?? "A").toUpperCase();
  const cls = `${SIZES[size]} shrink-0 rounded-full`;
  const disc = (
    <span className={`${cls} flex items-center justify-center bg-primary/15 font-semibold text-primary`} aria-hidden="true">
      {letter}
    </span>
  );
  if (url && !broken) {
    return (
      <ProtectedImage src={url} alt={name} className={`${cls} object-cover`} onError={() => setBroken(true)} referrerPolicy="no-referrer" fallback={disc} placeholder={disc} />
    );
  }
  return disc;
}
