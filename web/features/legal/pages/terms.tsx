import { LegalPage } from "./legal-page";

export default function TermsPage() {
  return (
    <LegalPage title="Termos de Uso">
      <p>
        A Atenda é um software de código aberto para criar agentes de IA de atendimento. Cada instalação é operada
        por quem a hospeda; esse operador é o responsável pelo serviço que você está usando.
      </p>
      <h2>Uso da plataforma</h2>
      <p>
        Você se compromete a usar a plataforma de forma lícita, a não enviar mensagens não solicitadas em massa e a
        respeitar as regras dos canais conectados (WhatsApp, Telegram, Instagram).
      </p>
      <h2>Respostas de IA</h2>
      <p>
        As respostas dos agentes são geradas automaticamente e podem conter erros. Revise as configurações e o
        conteúdo de treinamento dos seus agentes.
      </p>
      <h2>Alterações</h2>
      <p>Estes termos podem ser atualizados pelo operador desta instalação. Em caso de dúvida, fale com ele.</p>
    </LegalPage>
  );
}
