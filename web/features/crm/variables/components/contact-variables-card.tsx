/** One contact's variables with their source and confidence: built by the variables part of issue 14. */
export function ContactVariablesCard(_props: { contactId: string }) {
  return null;
}
