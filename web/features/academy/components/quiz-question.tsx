import type { QuizQuestionView } from "../../../../src/schemas/academy/quiz";

type Props = {
  question: QuizQuestionView;
  index: number;
  chosen: string[];
  disabled?: boolean;
  onChange: (optionIds: string[]) => void;
};

/** One question as a fieldset: radios for single choice, checkboxes for multiple (the legend says which). */
export function QuizQuestion({ question, index, chosen, disabled, onChange }: Props) {
  const multiple = question.kind === "multiple";
  const toggle = (id: string, checked: boolean) => {
    if (!multiple) return onChange([id]);
    onChange(checked ? [...chosen, id] : chosen.filter((c) => c !== id));
  };
  return (
    <fieldset className="rounded-box border border-base-300 p-4" disabled={disabled}>
      <legend className="px-1 font-medium">
        {index + 1}. {question.prompt}
      </legend>
      <p className="mb-2 text-base-content/70 text-xs">{multiple ? "Marque todas as corretas." : "Marque uma opção."}</p>
      <div className="flex flex-col gap-2">
        {question.options.map((o) => (
          <label key={o.id} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type={multiple ? "checkbox" : "radio"}
              name={`q-${question.id}`}
              className={multiple ? "checkbox checkbox-sm mt-0.5" : "radio radio-sm mt-0.5"}
              checked={chosen.includes(o.id)}
              onChange={(e) => toggle(o.id, e.currentTarget.checked)}
            />
            <span>{o.text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
