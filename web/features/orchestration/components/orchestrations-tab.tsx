/** Placeholder of the issue-18 foundation: the area's owner replaces it. */
export default function Panel() {
  return <p className="text-base-content/70">Orquestrações: esta área ainda não está disponível nesta versão.</p>;
}
