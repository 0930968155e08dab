/** Seeded course, module 2: training sources (section "Treinamentos"). */
import { type SeedModule, opts } from "./types";

export const MODULE_TRAINING: SeedModule = {
  title: "Treinando o agente",
  description: "Ensine ao agente o que a sua empresa sabe: textos, sites e documentos.",
  lessons: [
    {
      title: "Textos e sites",
      description: "As fontes mais rápidas de treinamento.",
      minutes: 4,
      contentMd: `Abra o agente e vá em **Treinamentos**. Em **Conteúdos do agente** você adiciona as fontes.

### Textos

Clique em **Adicionar texto** e cole perguntas frequentes, políticas de troca, tabelas de preço. Cada texto tem de 10 a 10.000 caracteres.

### Sites

Clique em **Adicionar site** e informe o endereço. A Atenda pode ler também as **subpáginas** (pelo sitemap ou pelos links da página) e atualizar o conteúdo numa frequência que você escolhe. Sites que pedem para não ser lidos (robots.txt) são respeitados.

Cada fonte mostra o seu estado: **pendente → processando → pronto**, ou **falhou** com o motivo.`,
    },
    {
      title: "Documentos e vídeos",
      description: "PDF, DOCX, TXT, Markdown, CSV e vídeos do YouTube, Vimeo e Dailymotion.",
      minutes: 4,
      contentMd: `### Documentos

Em **Enviar documento**, arraste um arquivo ou clique para escolher. São aceitos **PDF, DOCX, TXT, Markdown e CSV**. Arquivos muito grandes ou fora dos limites falham na hora, com o motivo em português.

### Vídeos

Informe um vídeo do **YouTube, Vimeo ou Dailymotion**: as legendas são buscadas automaticamente. Se o vídeo não tiver legenda, cole a transcrição.

### Só o que mudou

Quando você edita uma fonte, só ela é processada de novo: **só os conteúdos que mudaram são processados de novo**.`,
    },
    {
      title: "Como o agente usa o que aprendeu",
      description: "Busca nas fontes, fontes citadas e o cache de respostas.",
      minutes: 3,
      contentMd: `A cada pergunta, o agente **busca** nas fontes do próprio agente os trechos mais relevantes e responde com base neles. As fontes usadas ficam registradas na resposta: na caixa de entrada você vê de onde veio cada informação.

### Cache de respostas

Quando a mesma primeira pergunta chega de novo, o agente pode responder do **Cache de respostas**, sem gastar créditos. Editar ou re-treinar o agente limpa o cache, para que nenhuma resposta antiga fique valendo.

> Dica: se o agente erra uma resposta, não discuta com ele no teste: **corrija a fonte** (ou adicione um texto) e teste de novo.`,
    },
  ],
  quiz: {
    title: "Questionário: treinando o agente",
    timeLimitMinutes: null,
    questions: [
      {
        prompt: "Quais destes tipos de documento podem ser enviados no treinamento?",
        kind: "multiple",
        options: opts("PDF", "DOCX", "CSV", "Arquivo executável (.exe)"),
        correct: ["a", "b", "c"],
        explanation: "PDF, DOCX, TXT, Markdown e CSV são aceitos; executáveis não.",
      },
      {
        prompt: "Qual é o estado de uma fonte que terminou de ser processada com sucesso?",
        kind: "single",
        options: opts("Pendente", "Pronto", "Falhou"),
        correct: ["b"],
        explanation: "Pendente → processando → pronto; se algo der errado, falhou com o motivo.",
      },
      {
        prompt: "Ao treinar com um site, o que a Atenda pode ler além do endereço principal?",
        kind: "single",
        options: opts("As subpáginas, pelo sitemap ou pelos links", "Os e-mails dos visitantes do site", "Nada além do endereço principal"),
        correct: ["a"],
        explanation: "A descoberta de subpáginas usa o sitemap ou os links da página.",
      },
      {
        prompt: "O agente errou uma resposta. Qual é o melhor caminho?",
        kind: "single",
        options: opts("Apagar o agente e criar outro", "Corrigir a fonte ou adicionar um texto e testar de novo", "Esperar que ele aprenda sozinho"),
        correct: ["b"],
        explanation: "O agente responde com base nas fontes: corrigir a fonte corrige a resposta (e limpa o cache).",
      },
    ],
  },
};
