// PLACEHOLDER: filled by the integration work (issue 6).
export function WebSearchProviderCard() {
  return null;
}
