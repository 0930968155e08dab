import { RULE_CONDITION_LABEL, type RuleCondition } from "../../../../src/schemas/orchestration";

const WEEKDAYS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"];
const SENTIMENT_LABEL = { positive: "Positivo", neutral: "Neutro", negative: "Negativo" } as const;
const OPERATOR_LABEL = { exists: "existe", not_exists: "não existe", equals: "é igual a", contains: "contém" } as const;
const CUSTOMER_FIELDS = ["nome", "email", "telefone", "cidade", "estado", "empresa"];

export const splitKeywords = (s: string) =>
  s
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);

/** A fresh condition of a type, with the schema's defaults. */
export function blankCondition(type: RuleCondition["type"]): RuleCondition {
  switch (type) {
    case "intent":
      return { type, topic: "", keywords: [] };
    case "keyword":
      return { type, keywords: [], match: "any" };
    case "customer_data":
      return { type, field: "cidade", operator: "exists", value: "" };
    case "time_of_day":
      return { type, from: "08:00", to: "18:00", days: [] };
    case "sentiment":
      return { type, sentiment: "negative", minIntensity: 0 };
  }
}

/** One line a person reads on the graph's edge and in the list ("palavra: comprar, preço"). */
export function conditionSummary(c: RuleCondition): string {
  switch (c.type) {
    case "intent":
      return `assunto: ${c.topic}`;
    case "keyword":
      return `${c.match === "all" ? "todas" : "palavra"}: ${c.keywords.join(", ")}`;
    case "customer_data":
      return `${c.field} ${OPERATOR_LABEL[c.operator]}${c.operator === "equals" || c.operator === "contains" ? ` "${c.value}"` : ""}`;
    case "time_of_day":
      return `${c.from}–${c.to}${c.days.length ? ` (${c.days.map((d) => WEEKDAYS[d]).join(", ")})` : ""}`;
    case "sentiment":
      return `sentimento ${SENTIMENT_LABEL[c.sentiment].toLowerCase()}${c.minIntensity > 0 ? ` ≥ ${Math.round(c.minIntensity * 100)}%` : ""}`;
  }
}

export const rulesSummary = (conditions: RuleCondition[], mode: "all" | "any") => conditions.map(conditionSummary).join(mode === "all" ? " e " : " ou ");

type Props = { index: number; condition: RuleCondition; onChange: (c: RuleCondition) => void; onRemove: () => void; errors: Record<string, string> };

/** The fields of one condition, by type; errors are keyed "conditions.<i>.<field>". */
export function ConditionEditor({ index, condition: c, onChange, onRemove, errors }: Props) {
  const err = (f: string) => errors[`conditions.${index}.${f}`];
  const id = (f: string) => `cond-${index}-${f}`;
  const errLine = (f: string) =>
    err(f) ? (
      <p id={`${id(f)}-err`} className="text-error text-xs">
        {err(f)}
      </p>
    ) : null;
  const described = (f: string) => (err(f) ? `${id(f)}-err` : undefined);
  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <legend className="px-1 font-medium text-sm">Condição {index + 1}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs" htmlFor={id("type")}>
          <span>Tipo</span>
          <select id={id("type")} className="select select-sm" value={c.type} onChange={(e) => onChange(blankCondition(e.target.value as RuleCondition["type"]))}>
            {Object.entries(RULE_CONDITION_LABEL).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-ghost btn-sm ml-auto text-error" onClick={onRemove}>
          Remover condição {index + 1}
        </button>
      </div>
      {c.type === "intent" && (
        <>
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("topic")}>
            <span>Assunto (a IA julga quando está online)</span>
            <input id={id("topic")} className="input input-sm w-full" value={c.topic} aria-invalid={!!err("topic")} aria-describedby={described("topic")} onChange={(e) => onChange({ ...c, topic: e.target.value })} />
          </label>
          {errLine("topic")}
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("keywords")}>
            <span>Palavras-chave opcionais, separadas por vírgula (usadas sem IA)</span>
            <input id={id("keywords")} className="input input-sm w-full" defaultValue={c.keywords.join(", ")} onChange={(e) => onChange({ ...c, keywords: splitKeywords(e.target.value) })} />
          </label>
        </>
      )}
      {c.type === "keyword" && (
        <>
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("keywords")}>
            <span>Palavras-chave, separadas por vírgula</span>
            <input id={id("keywords")} className="input input-sm w-full" defaultValue={c.keywords.join(", ")} aria-invalid={!!err("keywords")} aria-describedby={described("keywords")} onChange={(e) => onChange({ ...c, keywords: splitKeywords(e.target.value) })} />
          </label>
          {errLine("keywords")}
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("match")}>
            <span>Combinar</span>
            <select id={id("match")} className="select select-sm w-fit" value={c.match} onChange={(e) => onChange({ ...c, match: e.target.value === "all" ? "all" : "any" })}>
              <option value="any">Qualquer uma</option>
              <option value="all">Todas</option>
            </select>
          </label>
        </>
      )}
      {c.type === "customer_data" && (
        <div className="flex flex-wrap gap-2">
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("field")}>
            <span>Dado do cliente</span>
            <input id={id("field")} list={`${id("field")}-list`} className="input input-sm" value={c.field} aria-invalid={!!err("field")} aria-describedby={described("field")} onChange={(e) => onChange({ ...c, field: e.target.value })} />
            <datalist id={`${id("field")}-list`}>
              {CUSTOMER_FIELDS.map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
          </label>
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("operator")}>
            <span>Operador</span>
            <select id={id("operator")} className="select select-sm" value={c.operator} onChange={(e) => onChange({ ...c, operator: e.target.value as typeof c.operator })}>
              {Object.entries(OPERATOR_LABEL).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          {(c.operator === "equals" || c.operator === "contains") && (
            <label className="flex flex-col gap-1 text-xs" htmlFor={id("value")}>
              <span>Valor</span>
              <input id={id("value")} className="input input-sm" value={c.value} onChange={(e) => onChange({ ...c, value: e.target.value })} />
            </label>
          )}
          {errLine("field")}
        </div>
      )}
      {c.type === "time_of_day" && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <label className="flex flex-col gap-1 text-xs" htmlFor={id("from")}>
              <span>Das (HH:MM)</span>
              <input id={id("from")} type="time" className="input input-sm" value={c.from} aria-invalid={!!err("from")} aria-describedby={described("from")} onChange={(e) => onChange({ ...c, from: e.target.value })} />
            </label>
            <label className="flex flex-col gap-1 text-xs" htmlFor={id("to")}>
              <span>Até (HH:MM)</span>
              <input id={id("to")} type="time" className="input input-sm" value={c.to} aria-invalid={!!err("to")} aria-describedby={described("to")} onChange={(e) => onChange({ ...c, to: e.target.value })} />
            </label>
          </div>
          {errLine("from")}
          {errLine("to")}
          <div className="flex flex-wrap gap-2" role="group" aria-label="Dias da semana (nenhum marcado: todos os dias)">
            {WEEKDAYS.map((d, i) => (
              <label key={d} className="flex items-center gap-1 text-xs">
                <input
                  type="checkbox"
                  className="checkbox checkbox-xs"
                  checked={c.days.includes(i)}
                  onChange={(e) => onChange({ ...c, days: e.target.checked ? [...c.days, i].sort() : c.days.filter((x) => x !== i) })}
                />
                {d}
              </label>
            ))}
          </div>
        </div>
      )}
      {c.type === "sentiment" && (
        <div className="flex flex-wrap gap-2">
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("sentiment")}>
            <span>Sentimento</span>
            <select id={id("sentiment")} className="select select-sm" value={c.sentiment} onChange={(e) => onChange({ ...c, sentiment: e.target.value as typeof c.sentiment })}>
              {Object.entries(SENTIMENT_LABEL).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs" htmlFor={id("minIntensity")}>
            <span>Intensidade mínima (%)</span>
            <input
              id={id("minIntensity")}
              type="number"
              min={0}
              max={100}
              className="input input-sm w-28"
              value={Math.round(c.minIntensity * 100)}
              onChange={(e) => onChange({ ...c, minIntensity: Math.min(100, Math.max(0, Number(e.target.value) || 0)) / 100 })}
            />
          </label>
        </div>
      )}
    </fieldset>
  );
}
