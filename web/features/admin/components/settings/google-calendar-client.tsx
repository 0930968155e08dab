// PLACEHOLDER: filled by the integration work (issue 6).
export function GoogleCalendarClientCard() {
  return null;
}
