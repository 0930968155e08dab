import type { IntegrationCardProps } from "./types";

// PLACEHOLDER: filled by the integration work (issue 6).
export function CalendarCard(_props: IntegrationCardProps) {
  return null;
}
