import { LegalPage } from "./legal-page";

export default function RefundPage() {
  return (
    <LegalPage title="Política de Reembolso">
      <p>
        Planos e créditos pagos são cobrados pelo operador desta instalação. Pedidos de reembolso devem ser feitos
        diretamente a ele.
      </p>
      <h2>Direito de arrependimento</h2>
      <p>
        Conforme o Código de Defesa do Consumidor, compras feitas pela internet podem ser canceladas em até 7 dias
        após a contratação.
      </p>
      <h2>Créditos consumidos</h2>
      <p>Créditos já utilizados pelos agentes não são reembolsáveis; créditos bônus não têm valor monetário.</p>
    </LegalPage>
  );
}
