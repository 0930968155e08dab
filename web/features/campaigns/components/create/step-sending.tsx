import { useQuery } from "@tanstack/react-query";
import { estimateCampaignDuration } from "../../../../../src/schemas/campaigns/estimate";
import {
  ANTI_BLOCK_PROFILES,
  ANTI_BLOCK_PROFILE_LABEL,
  type AntiBlockProfile,
  CAMPAIGN_BOUNDS,
  type CampaignSettings,
  applyAntiBlockProfile,
  campaignSettingsSchema,
} from "../../../../../src/schemas/campaigns/settings";
import { Field, NumberInput, SelectInput, ToggleRow } from "../../../../components/ui/fields";
import type { FieldErrors } from "../../../../lib/form-errors";
import { trpc } from "../../../../lib/trpc";
import { useCampaignPrice } from "../../hooks/use-campaigns";
import type { CampaignForm } from "./form-state";

type Props = { form: CampaignForm; errors: FieldErrors; set: (patch: Partial<CampaignForm>) => void };
type NumKey = { [K in keyof CampaignSettings]: CampaignSettings[K] extends number ? K : never }[keyof CampaignSettings];
type BoolKey = { [K in keyof CampaignSettings]: CampaignSettings[K] extends boolean ? K : never }[keyof CampaignSettings];

const range = (b: { min: number; max: number }, unit: string) => `De ${b.min} a ${b.max} ${unit}`;

/** The list's size, for the duration estimate and the price. */
export function useListSize(listId: string) {
  return useQuery(trpc.campaigns.lists.get.queryOptions({ id: listId }, { enabled: Boolean(listId), staleTime: 30_000 })).data?.contactCount ?? 0;
}

/** Step 4: when it starts and the SPEC §9 anti-block settings; any edit makes the profile 'personalizado'. */
export function StepSending({ form, errors, set }: Props) {
  const s = form.settings;
  const size = useListSize(form.listId);
  const price = useCampaignPrice(form.listId || null);
  // A half-typed bound (empty box = NaN) gives no estimate rather than a nonsense one.
  const estimate = campaignSettingsSchema.safeParse(s).success ? estimateCampaignDuration(s, size).label : "—";
  const edit = (patch: Partial<CampaignSettings>) => set({ settings: { ...s, ...patch, profile: "personalizado" } });
  const num = (key: NumKey, label: string, b: { min: number; max: number }, unit: string) => (
    <NumberInput label={label} value={s[key]} min={b.min} max={b.max} suffix={unit} hint={range(b, unit)} error={errors[`settings.${key}`]} onChange={(v) => edit({ [key]: v })} />
  );
  const toggle = (key: BoolKey, label: string, description: string) => <ToggleRow label={label} description={description} checked={s[key]} onChange={(v) => edit({ [key]: v })} />;

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-sm">Início</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="start-mode" className="radio radio-sm radio-primary" checked={form.startMode === "now"} onChange={() => set({ startMode: "now" })} />
          Iniciar assim que eu clicar em "Iniciar campanha"
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="start-mode" className="radio radio-sm radio-primary" checked={form.startMode === "later"} onChange={() => set({ startMode: "later" })} />
          Agendar para uma data e hora
        </label>
        {form.startMode === "later" && (
          <Field label="Data e hora de início (horário de São Paulo)" error={errors.startAt} className="max-w-xs">
            {({ id, describedBy, invalid }) => (
              <input id={id} type="datetime-local" className={`input w-full ${invalid ? "input-error" : ""}`} value={form.startLocal} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => set({ startLocal: e.target.value })} />
            )}
          </Field>
        )}
      </fieldset>

      <SelectInput
        label="Modelo anti-bloqueio"
        className="max-w-xs"
        value={s.profile}
        hint="Preenche os campos abaixo; alterar qualquer campo muda para Personalizado"
        options={ANTI_BLOCK_PROFILES.map((p) => ({ value: p, label: ANTI_BLOCK_PROFILE_LABEL[p] }))}
        onChange={(p: AntiBlockProfile) => set({ settings: applyAntiBlockProfile(p, s) })}
      />

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {num("minIntervalSeconds", "Intervalo mínimo", CAMPAIGN_BOUNDS.interval, "s")}
        {num("maxIntervalSeconds", "Intervalo máximo", CAMPAIGN_BOUNDS.interval, "s")}
        {num("maxPerHour", "Máximo por hora", CAMPAIGN_BOUNDS.maxPerHour, "msgs")}
        {num("maxPerDay", "Máximo por dia", CAMPAIGN_BOUNDS.maxPerDay, "msgs")}
      </div>
      <div className="divide-y divide-base-300 rounded-box border border-base-300 px-4">
        {toggle("businessHoursEnabled", "Somente em horário comercial", "Envia apenas dentro do horário abaixo (horário de São Paulo)")}
        {s.businessHoursEnabled && (
          <div className="grid gap-3 pb-3 sm:grid-cols-2">
            {num("businessHoursStart", "Início", CAMPAIGN_BOUNDS.hour, "h")}
            {num("businessHoursEnd", "Fim", CAMPAIGN_BOUNDS.hour, "h")}
          </div>
        )}
        {toggle("skipWeekends", "Pular fins de semana", "Não envia aos sábados e domingos")}
        {toggle("warmupEnabled", "Aquecimento", "Começa com poucos envios por dia e aumenta aos poucos")}
        {s.warmupEnabled && <div className="pb-3">{num("warmupDays", "Dias de aquecimento", CAMPAIGN_BOUNDS.warmupDays, "dias")}</div>}
        {toggle("randomPausesEnabled", "Pausas aleatórias", "Faz pausas de duração aleatória, como uma pessoa faria")}
        {s.randomPausesEnabled && (
          <div className="grid gap-3 pb-3 sm:grid-cols-3">
            {num("pauseMinMinutes", "Pausa mínima", CAMPAIGN_BOUNDS.pauseMin, "min")}
            {num("pauseMaxMinutes", "Pausa máxima", CAMPAIGN_BOUNDS.pauseMax, "min")}
            {num("pauseEveryHours", "Pausar a cada", CAMPAIGN_BOUNDS.pauseEveryHours, "h")}
          </div>
        )}
        {toggle("failureDetectionEnabled", "Detecção de falhas", "Pausa a campanha sozinha se muitas mensagens falharem")}
        {s.failureDetectionEnabled && (
          <div className="grid gap-3 pb-3 sm:grid-cols-2">
            {num("maxFailureRate", "Taxa máxima de falhas", CAMPAIGN_BOUNDS.failureRate, "%")}
            {num("maxConsecutiveFailures", "Falhas consecutivas", CAMPAIGN_BOUNDS.consecutiveFailures, "falhas")}
          </div>
        )}
        {toggle("prioritizeEngaged", "Priorizar contatos engajados", "Quem já conversou com você recebe primeiro")}
        {toggle("rotateContent", "Alternar conteúdo", "Cada contato recebe uma das variações de mensagem")}
      </div>
      <div className="flex flex-col gap-1 rounded-box bg-base-200 p-4 text-sm">
        <p>
          Duração estimada: <strong data-testid="campaign-estimate">{estimate}</strong>
        </p>
        <p data-testid="campaign-price">{price.data?.line ?? "Calculando custo…"}</p>
      </div>
    </div>
  );
}
