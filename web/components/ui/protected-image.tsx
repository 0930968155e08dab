import type { ImgHTMLAttributes } from "react";

/**
 * An image at a protected URL (issue 19 H8 makes it real: one shared loader with loading/loaded/
 * error states, retries and the per-URL circuit breaker of SPEC §4/§8/§9). Same props as <img>.
 */
export function ProtectedImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  return <img src={src} alt={alt} {...rest} />;
}
