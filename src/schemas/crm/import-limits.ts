/**
 * Bounds of a CSV import, checked before anything expands (DESIGN §8): the upload's bytes (body
 * limit), the columns of the header, the data rows, and the refused rows kept in the report
 * (the counts stay exact past it). Apart from imports.ts (zod, the contact schemas, phone
 * normalisation): src/api/body-limit.ts reads these on every request, from the first.
 */
export const CONTACT_IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  maxColumns: 100,
  /** A header cell longer than this is not a column name. */
  maxHeaderChars: 200,
  /** Rows written per transaction: ~50 ms of holding the write lock (the request thread waits on it). */
  chunkRows: 250,
  reportCap: 1000,
} as const;

const thousands = (n: number) => n.toLocaleString("pt-BR");

/** The pt-BR refusals of an import (the dialog shows the same text the server answers). */
export const IMPORT_ERRORS = {
  tooLarge: `O arquivo excede o tamanho máximo de ${CONTACT_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
  tooManyRows: `O arquivo tem mais de ${thousands(CONTACT_IMPORT_LIMITS.maxRows)} linhas de contatos. Divida-o em arquivos menores.`,
  tooManyColumns: `O arquivo tem mais de ${CONTACT_IMPORT_LIMITS.maxColumns} colunas.`,
  empty: "O arquivo está vazio ou não tem linhas de contatos depois do cabeçalho.",
  noFile: "Envie o arquivo CSV no campo 'file'.",
  notCsv: "O arquivo não parece ser um CSV de texto.",
  headerTooLong: `Um nome de coluna do cabeçalho tem mais de ${CONTACT_IMPORT_LIMITS.maxHeaderChars} caracteres: confira se a primeira linha é o cabeçalho.`,
  noName: "Associe uma coluna ao campo Nome.",
  badColumn: "O mapeamento cita uma coluna que o arquivo não tem.",
  repeatedTarget: (label: string) => `Duas colunas estão associadas ao campo ${label}.`,
  notFound: "Importação não encontrada",
  finished: "Esta importação já terminou.",
} as const;
