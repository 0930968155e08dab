import type { IntegrationCardProps } from "./types";

// PLACEHOLDER: filled by the integration work (issue 6).
export function NotionCard(_props: IntegrationCardProps) {
  return null;
}
