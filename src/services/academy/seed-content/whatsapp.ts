/** Seeded course, module 3: WhatsApp by the Cloud API or an own server, and the other channels. */
import { type SeedModule, opts } from "./types";

export const MODULE_WHATSAPP: SeedModule = {
  title: "Conectando o WhatsApp",
  description: "API oficial (Cloud API) ou servidor próprio: escolha o seu caminho.",
  lessons: [
    {
      title: "WhatsApp pela API oficial (Cloud API)",
      description: "Conecte o número da Meta com access token, app secret e verify token.",
      minutes: 5,
      contentMd: `No editor do agente, abra **Canais** e escolha o cartão **WhatsApp (API oficial)**. Informe:

- **access token**;
- **app secret**;
- **phone number id**;
- **business account id**;
- **verify token** (uma senha que você inventa).

Depois, no painel da Meta, cole a URL do webhook (\`APP_URL/webhooks/whatsapp\`) com o mesmo **verify token**.

Cada mensagem que chega é conferida pela assinatura da Meta. Lembre da **janela de 24 horas** do WhatsApp oficial: fora dela, a mensagem do agente não é enviada e fica marcada com o motivo.`,
    },
    {
      title: "WhatsApp pelo servidor próprio",
      description: "Conecte lendo um QR code, como no WhatsApp Web.",
      minutes: 4,
      contentMd: `O cartão **WhatsApp (servidor próprio)** usa um servidor UAZAPI. Informe a **URL do servidor**, o **admin token** e o **nome da instância** e clique em **Conectar**.

A Atenda mostra um **QR code**. No celular, abra o WhatsApp › **Aparelhos conectados** › **Conectar um aparelho** e leia o QR code. Se ele expirar, clique em **Gerar novo QR**.

Uma vantagem deste caminho: o que alguém da equipe digita **no próprio celular da empresa** vira uma mensagem humana e a IA faz uma pausa, para não atropelar a conversa.`,
    },
    {
      title: "Testar conexão e os outros canais",
      description: "Confira cada canal e conheça Telegram, Instagram e o widget do site.",
      minutes: 3,
      contentMd: `Cada cartão da seção **Canais** mostra se o canal está configurado. O botão **Testar conexão** faz uma leitura no provedor (o número do WhatsApp, o bot do Telegram, a instância do servidor próprio, a conta do Instagram) e guarda quando foi e como foi.

- **Telegram**: basta o token do bot.
- **Instagram**: access token, app secret, Instagram business id, page id e verify token.
- **Widget do site**: na seção **Publicação**, copie o código e cole antes de \`</body>\` no seu site.

Tokens e segredos ficam cifrados e nunca voltam para o navegador.`,
    },
  ],
  quiz: {
    title: "Questionário: conectando o WhatsApp",
    timeLimitMinutes: null,
    questions: [
      {
        prompt: "O que é preciso informar para conectar o WhatsApp pela API oficial?",
        kind: "multiple",
        options: opts("access token", "app secret", "verify token", "a senha do seu e-mail"),
        correct: ["a", "b", "c"],
        explanation: "Access token, app secret, phone number id, business account id e verify token. Nunca a senha do seu e-mail.",
      },
      {
        prompt: "Como se conecta o WhatsApp pelo servidor próprio?",
        kind: "single",
        options: opts("Lendo o QR code em Aparelhos conectados, no celular", "Enviando um SMS para a Atenda", "Não é possível conectar"),
        correct: ["a"],
        explanation: "Conectar mostra o QR code; no celular: Aparelhos conectados › Conectar um aparelho.",
      },
      {
        prompt: "Para que serve o botão Testar conexão?",
        kind: "single",
        options: opts("Enviar uma mensagem a todos os contatos", "Fazer uma leitura no provedor e confirmar que o canal funciona", "Apagar a conexão"),
        correct: ["b"],
        explanation: "Ele faz uma leitura autenticada no provedor e guarda quando foi e como foi.",
      },
      {
        prompt: "No WhatsApp oficial, o que acontece com uma resposta fora da janela de 24 horas?",
        kind: "single",
        options: opts("É enviada normalmente", "Não é enviada e fica marcada com o motivo", "É enviada por e-mail"),
        correct: ["b"],
        explanation: "Fora da janela de 24 horas a mensagem não sai: fica marcada como não enviada, com o motivo.",
      },
    ],
  },
};
