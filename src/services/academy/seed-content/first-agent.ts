/** Seeded course, module 1: create, shape and test an agent (labels as in the agent editor). */
import { type SeedModule, opts } from "./types";

export const MODULE_AGENT: SeedModule = {
  title: "Seu primeiro agente",
  description: "Crie um agente de IA, dê a ele a cara da sua empresa e converse com ele antes de publicar.",
  lessons: [
    {
      title: "O que a Atenda faz por você",
      description: "Agentes de IA que atendem seus clientes, treinados com o que a sua empresa já sabe.",
      minutes: 3,
      contentMd: `A Atenda cria **agentes de IA** que atendem os seus clientes no **WhatsApp** (API oficial e servidor próprio), no **Telegram**, no **Instagram** e no **chat do seu site**.

Cada agente:

- conversa no tom que você escolher (seções **Perfil** e **Personalidade** do editor);
- responde com base no que você ensinou (seção **Treinamentos**: textos, sites, documentos e vídeos);
- passa a conversa para uma pessoa da equipe quando o cliente pede ou quando não sabe a resposta.

As respostas da IA são cobradas em **créditos**, por token usado. Você acompanha o saldo no painel.

Neste curso você vai criar um agente, treiná-lo, testá-lo, conectá-lo ao WhatsApp e acompanhar as conversas na caixa de entrada. Cada módulo termina com um questionário: acerte pelo menos **70%** para passar. Você tem **3 tentativas** por questionário.`,
    },
    {
      title: "Criando o agente",
      description: "O botão Novo agente e as seções do editor.",
      minutes: 4,
      contentMd: `## Passo a passo

1. No menu lateral, abra **Meus Agentes**.
2. Clique em **Novo agente**.
3. Preencha **Nome do agente** (por exemplo, "Ana"), a **Atividade** da empresa e, se quiser, a **Descrição**.
4. Confirme: a mensagem **"Agente criado!"** aparece e o agente fica pronto para ser configurado.

## O editor do agente

Ao abrir o agente você vê as seções do editor à esquerda:

| Seção | Para que serve |
|---|---|
| **Perfil** | Nome, foto e tom |
| **Personalidade** | O jeito de conversar |
| **Empresa** | O que o agente deve saber sobre o seu negócio |
| **Treinamentos** | Textos, sites, documentos e vídeos |
| **Mensagens** | Textos prontos e palavras proibidas |
| **Conversa** | Ritmo, limites e follow-up |
| **Modelo** | Qual inteligência artificial responde |
| **Publicação** | Link público e domínios do widget |
| **Canais** | WhatsApp e outros canais |

> Dica: comece por **Empresa**. Um agente que sabe o horário, os produtos e as formas de pagamento já resolve boa parte das dúvidas.`,
    },
    {
      title: "Testando o agente",
      description: "Converse com o agente antes de colocá-lo para atender.",
      minutes: 3,
      contentMd: `No topo do editor há o botão **Testar agente**. Ele abre uma conversa de teste, com as mesmas regras que valem para os clientes.

Teste sempre que mudar algo importante:

- faça as perguntas que seus clientes mais fazem;
- confira se o tom está certo;
- pergunte algo que o agente **não** deveria saber e veja se ele admite que não sabe.

### Modo offline

Se nenhum provedor de IA estiver configurado, a interface mostra **modo offline**: o agente responde com trechos dos próprios textos ou com a mensagem de "não sei". É útil para conferir o treinamento, mas as respostas ficam bem mais simples.

### Link público

Na seção **Publicação** você encontra o link do chat público do agente e o código do widget para colar no seu site.`,
    },
  ],
  quiz: {
    title: "Questionário: seu primeiro agente",
    timeLimitMinutes: 10,
    questions: [
      {
        prompt: "Onde você cria um novo agente?",
        kind: "single",
        options: opts("Em Meus Agentes, no botão Novo agente", "Em Conversas, no botão Assumir conversa", "Em Conta, na aba Segurança"),
        correct: ["a"],
        explanation: "Os agentes ficam em Meus Agentes; o botão Novo agente abre o formulário com nome, atividade e descrição.",
      },
      {
        prompt: "Quais canais um agente da Atenda pode atender?",
        kind: "multiple",
        options: opts("WhatsApp", "Telegram", "Instagram", "Fax"),
        correct: ["a", "b", "c"],
        explanation: "WhatsApp (API oficial e servidor próprio), Telegram, Instagram e o chat do site. Fax não.",
      },
      {
        prompt: "Qual botão abre uma conversa de teste com o agente?",
        kind: "single",
        options: opts("Testar conexão", "Testar agente", "Gerar novo QR"),
        correct: ["b"],
        explanation: "Testar agente, no topo do editor. Testar conexão confere um canal, não o agente.",
      },
      {
        prompt: "O que significa \"modo offline\"?",
        kind: "single",
        options: opts(
          "O agente está desligado e não responde ninguém",
          "Não há provedor de IA configurado: o agente responde com trechos dos próprios textos ou com o \"não sei\"",
          "O cliente está sem internet",
        ),
        correct: ["b"],
        explanation: "Sem provedor de IA, o agente continua respondendo, de forma extrativa, com o que foi treinado.",
      },
      {
        prompt: "Em qual seção do editor ficam o link público e os domínios do widget?",
        kind: "single",
        options: opts("Perfil", "Canais", "Publicação"),
        correct: ["c"],
        explanation: "A seção Publicação traz o link público, o código do widget e os domínios permitidos.",
      },
    ],
  },
};
