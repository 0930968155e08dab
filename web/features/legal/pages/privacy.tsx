import { LegalPage } from "./legal-page";

export default function PrivacyPage() {
  return (
    <LegalPage title="Política de Privacidade">
      <p>
        Os dados desta instalação (conta, workspaces, agentes, conversas e contatos) ficam no servidor de quem a
        hospeda. A Atenda não envia esses dados para terceiros por conta própria.
      </p>
      <h2>O que é guardado</h2>
      <p>
        Nome, email, número de WhatsApp e senha (armazenada apenas como hash) da sua conta, além do conteúdo que você
        e seus clientes enviam aos agentes.
      </p>
      <h2>Serviços externos</h2>
      <p>
        Quando o operador configura um provedor de IA ou um canal de mensagens, as mensagens necessárias para
        responder são enviadas a esse serviço, conforme as políticas dele.
      </p>
      <h2>Seus direitos</h2>
      <p>Você pode pedir acesso, correção ou exclusão dos seus dados ao operador desta instalação, conforme a LGPD.</p>
    </LegalPage>
  );
}
