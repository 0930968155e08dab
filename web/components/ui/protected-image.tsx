import { type ImgHTMLAttributes, type ReactNode, useCallback, useSyncExternalStore } from "react";
import { type ImageState, imageLoader } from "../../lib/image-loader";
import { Icon } from "./icons";
import { Skeleton } from "./skeleton";

type Props = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** Shown instead of the error message (an avatar's initial). */
  fallback?: ReactNode;
  /** Shown instead of the skeleton while loading. */
  placeholder?: ReactNode;
};

/** Our own paths need the session cookie and the shared loader; data:, blob: and other sites load as usual. */
const isProtected = (src: string) => src.startsWith("/") && !src.startsWith("//");

const IDLE = (): (() => void) => () => {};

function useImage(src: string): ImageState | null {
  const managed = isProtected(src);
  const subscribe = useCallback((onChange: () => void) => (managed ? imageLoader().subscribe(src, onChange) : IDLE()), [managed, src]);
  const snapshot = useCallback(() => (managed ? imageLoader().get(src) : null), [managed, src]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * An image at a protected URL, loaded through the shared loader (web/lib/image-loader.ts): a
 * skeleton while it loads, SPEC §8's message (small, with an icon) when it fails, the alt text kept.
 * Same props as <img>.
 */
export function ProtectedImage({ src, alt, fallback, placeholder, className = "", ...rest }: Props) {
  const state = useImage(src);
  if (!src) return <>{fallback ?? null}</>;
  if (!state) return <img src={src} alt={alt} className={className} {...rest} />;
  // data-src keeps the protected URL visible to tests and devtools (src is the object URL).
  if (state.status === "loaded") return <img src={state.objectUrl} data-src={src} alt={alt} className={className} {...rest} />;
  if (state.status === "loading") return <>{placeholder ?? <Skeleton className={className} />}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-field bg-base-200 px-2 py-1 text-xs text-base-content/70" data-image-error={state.httpStatus ?? "breaker"} title={alt || undefined}>
      <Icon name="image" className="size-4 shrink-0" />
      {alt ? <span className="sr-only">{alt}: </span> : null}
      <span>{state.message}</span>
    </span>
  );
}
