import type { IntegrationCardProps } from "./types";

// PLACEHOLDER: filled by the integration work (issue 6).
export function NuvemshopCard(_props: IntegrationCardProps) {
  return null;
}
