/** Seeded course, module 4: the inbox and taking a conversation over. */
import { type SeedModule, opts } from "./types";

export const MODULE_INBOX: SeedModule = {
  title: "A caixa de entrada",
  description: "Acompanhe as conversas e assuma quando for preciso.",
  lessons: [
    {
      title: "Conversas e filtros",
      description: "Tudo o que seus agentes conversam, num só lugar.",
      minutes: 3,
      contentMd: `No menu **Conversas** a equipe acompanha todas as conversas do workspace. À esquerda, a lista: canal, nome ou telefone, prévia, hora e mensagens não lidas. À direita, a conversa escolhida.

Use os filtros por **canal**, **status**, **não lidas**, **Precisa de humano** e **minhas**, e a busca por nome, telefone ou texto das mensagens.

Nas respostas da IA você vê as **fontes** e as ferramentas usadas, e a entrega de cada mensagem: enviado, entregue, lido ou falhou (com o motivo). A página se atualiza sozinha.`,
    },
    {
      title: "Assumindo a conversa",
      description: "Quando e como uma pessoa entra no atendimento.",
      minutes: 4,
      contentMd: `Uma conversa ganha o selo **Precisa de humano** quando o cliente pede um atendente ("quero falar com uma pessoa") ou quando o agente decide transferir.

- **Responder como atendente** envia a sua mensagem pelo canal do cliente; a IA fica em silêncio por um tempo (30 minutos, por padrão) depois de cada resposta sua.
- **Assumir conversa** silencia a IA sem prazo.
- **Devolver para a IA** faz o agente voltar a responder.
- **Atribuir**, **Resolver** e **Reabrir** organizam o trabalho da equipe.

Membros com acesso somente leitura acompanham tudo, mas não respondem nem alteram conversas.`,
    },
  ],
  quiz: {
    title: "Questionário: a caixa de entrada",
    timeLimitMinutes: null,
    questions: [
      {
        prompt: "Qual botão silencia a IA sem prazo numa conversa?",
        kind: "single",
        options: opts("Assumir conversa", "Resolver", "Testar agente"),
        correct: ["a"],
        explanation: "Assumir conversa silencia a IA até alguém clicar em Devolver para a IA.",
      },
      {
        prompt: "Quais filtros existem na lista de conversas?",
        kind: "multiple",
        options: opts("Canal", "Não lidas", "Precisa de humano", "Signo do cliente"),
        correct: ["a", "b", "c"],
        explanation: "Canal, status, não lidas, Precisa de humano e minhas.",
      },
      {
        prompt: "Depois de você usar Responder como atendente, o que a IA faz?",
        kind: "single",
        options: opts("Responde junto com você", "Fica em silêncio por um tempo (30 minutos, por padrão)", "Apaga a conversa"),
        correct: ["b"],
        explanation: "A IA pausa depois de cada resposta humana, para não atropelar o atendente.",
      },
      {
        prompt: "Um membro com acesso somente leitura pode responder conversas?",
        kind: "single",
        options: opts("Sim", "Não: ele acompanha, mas não responde nem altera"),
        correct: ["b"],
        explanation: "Somente leitura vê tudo, mas não responde nem altera conversas.",
      },
    ],
  },
};
