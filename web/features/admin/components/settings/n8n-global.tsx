// PLACEHOLDER: filled by the integration work (issue 6).
export function N8nGlobalCard() {
  return null;
}
