import { apiClient, expect } from "../fixtures";

/** A deal in the user's default pipeline, made through funnel.deals.create (the board's own call). */
export async function arrangeDeal(baseURL: string, user: { email: string; password: string }, title: string): Promise<string> {
  const { api, csrf } = await apiClient(baseURL);
  const login = await api.post("/api/v1/auth/login", { headers: { "x-csrf-token": await csrf() }, data: { ...user, rememberMe: false } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const res = await api.post("/trpc/funnel.deals.create", { headers: { "x-csrf-token": await csrf() }, data: { json: { title, valueCents: 500_000 } } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { result: { data: { json: { id: string } } } };
  await api.dispose();
  return body.result.data.json.id;
}
