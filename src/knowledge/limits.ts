import type { Env } from "../env";
export { LimitError } from "./extract-errors";

/**
 * How much one training source may cost: what a document may inflate to, how much text and how many
 * chunks one source (and one workspace) may keep, and the memory and time of the extraction
 * subprocess. A 200 kB zip can inflate to gigabytes and a wide CSV multiplies its headers, so every
 * step is bounded before it allocates. Each breach is a LimitError: the source fails at once, with
 * a message the owner can act on (never retried).
 */
export type TrainingLimits = {
  maxUnzippedBytes: number;
  maxZipEntries: number;
  maxChars: number;
  maxChunksPerSource: number;
  maxChunksPerWorkspace: number;
  maxPdfPages: number;
  maxCsvColumns: number;
  maxCsvCells: number;
  memoryMb: number;
  timeoutMs: number;
};

const MB = 1024 * 1024;

export function trainingLimits(env: Env): TrainingLimits {
  return {
    maxUnzippedBytes: env.TRAINING_MAX_UNZIPPED_MB * MB,
    maxZipEntries: 2000,
    maxChars: env.TRAINING_MAX_SOURCE_CHARS,
    maxChunksPerSource: env.TRAINING_MAX_SOURCE_CHUNKS,
    maxChunksPerWorkspace: env.TRAINING_MAX_WORKSPACE_CHUNKS,
    maxPdfPages: 2000,
    maxCsvColumns: 200,
    maxCsvCells: 500_000,
    memoryMb: env.TRAINING_EXTRACT_MEMORY_MB,
    timeoutMs: env.TRAINING_EXTRACT_TIMEOUT_S * 1000,
  };
}

const n = (v: number) => v.toLocaleString("pt-BR");

/** The owner-facing texts, one place so the source list, the API and the tests agree. */
export const limitMessages = {
  unzipped: (l: TrainingLimits) => `O documento é grande demais depois de descompactado (limite: ${n(Math.round(l.maxUnzippedBytes / MB))} MB).`,
  zipLayout: "O documento é inválido: o arquivo DOCX tem dados fora do índice do zip e não pode ser lido com segurança. Salve-o de novo no Word ou LibreOffice e envie outra vez.",
  zipEntries: (l: TrainingLimits) => `O documento tem arquivos internos demais (limite: ${n(l.maxZipEntries)}).`,
  chars: (l: TrainingLimits) => `O texto desta fonte passa do limite de ${n(l.maxChars)} caracteres. Divida o conteúdo em partes menores.`,
  chunksPerSource: (l: TrainingLimits) => `Esta fonte geraria trechos demais (limite: ${n(l.maxChunksPerSource)} por fonte). Divida o conteúdo em partes menores.`,
  chunksPerWorkspace: (l: TrainingLimits) =>
    `O workspace atingiu o limite de ${n(l.maxChunksPerWorkspace)} trechos de treinamento. Remova fontes que não usa mais para treinar novas.`,
  pdfPages: (l: TrainingLimits) => `O PDF tem páginas demais (limite: ${n(l.maxPdfPages)} páginas).`,
  csvColumns: (l: TrainingLimits) => `O CSV tem colunas demais (limite: ${n(l.maxCsvColumns)} colunas).`,
  csvCells: (l: TrainingLimits) => `O CSV tem células demais (limite: ${n(l.maxCsvCells)} células, linhas × colunas).`,
  memory: (l: TrainingLimits) => `O documento exige memória demais para ser lido (limite: ${n(l.memoryMb)} MB).`,
  timeout: (l: TrainingLimits) => `A leitura do documento demorou demais (limite: ${n(Math.round(l.timeoutMs / 1000))} s).`,
  crashed: "A leitura do documento foi interrompida: o arquivo pode estar corrompido ou ser pesado demais.",
  interrupted: "O processamento desta fonte foi interrompido mais de uma vez. Confira o arquivo e treine de novo.",
};
