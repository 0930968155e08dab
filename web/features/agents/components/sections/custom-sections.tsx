import { TextArea, TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";

export type CustomSection = { title: string; content: string };
const MAX_SECTIONS = 10;

/** Free sections of the "avançado" mode (e.g. "Política de preços"), sent to the model after the personality. */
export function CustomSections({
  sections,
  onChange,
  errors,
}: {
  sections: CustomSection[];
  onChange: (next: CustomSection[]) => void;
  errors: Record<string, string | undefined>;
}) {
  const update = (i: number, patch: Partial<CustomSection>) => onChange(sections.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium text-sm">Seções personalizadas</legend>
      <p className="text-base-content/60 text-xs">Blocos extras de instruções, cada um com um título. Até {MAX_SECTIONS} seções.</p>
      {sections.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; order is their identity while editing
        <div key={i} className="space-y-2 rounded-box border border-base-300 p-3">
          <div className="flex items-start gap-2">
            <div className="flex-1">
              <TextInput label={`Título da seção ${i + 1}`} value={s.title} onChange={(x) => update(i, { title: x })} error={errors[`customPersonalitySections.${i}.title`]} max={100} />
            </div>
            <button type="button" className="btn btn-ghost btn-sm btn-square mt-7" aria-label={`Remover seção ${i + 1}`} onClick={() => onChange(sections.filter((_x, j) => j !== i))}>
              <Icon name="trash" className="size-4" />
            </button>
          </div>
          <TextArea label={`Conteúdo da seção ${i + 1}`} value={s.content} onChange={(x) => update(i, { content: x })} error={errors[`customPersonalitySections.${i}.content`]} max={2000} rows={3} />
        </div>
      ))}
      <button type="button" className="btn btn-outline btn-sm" disabled={sections.length >= MAX_SECTIONS} onClick={() => onChange([...sections, { title: "", content: "" }])}>
        <Icon name="plus" className="size-4" /> Adicionar seção
      </button>
    </fieldset>
  );
}
