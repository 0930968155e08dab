/** The workspace's variables (system and custom): built by the variables part of issue 14. */
export function VariableDefinitionsPanel() {
  return <p className="text-sm">Variáveis: em construção.</p>;
}
