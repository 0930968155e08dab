/** /feature-suggestions (issue 19, H7): placeholder until its helper builds it. */
export default function FeatureSuggestionsPage() {
  return <h1 className="font-semibold text-2xl">Sugira uma funcionalidade</h1>;
}
