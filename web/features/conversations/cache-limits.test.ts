import { expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { type CacheEntry, planTrim, trimInboxCache } from "./cache-limits";

const thread = (i: number, over: Partial<CacheEntry> = {}): CacheEntry => ({ hash: `t${i}`, kind: "thread", updatedAt: 1000 + i, active: false, pages: 1, ...over });

test("beyond 50 cached conversations the least recently loaded idle ones are dropped", () => {
  const entries = Array.from({ length: 53 }, (_, i) => thread(i));
  // The oldest is open on screen: it stays whatever its age.
  entries[0] = thread(0, { active: true });
  expect(planTrim(entries).remove.sort()).toEqual(["t1", "t2"]);
});

test("an idle thread or list keeps only its first page; an open one keeps what was loaded", () => {
  const plan = planTrim([thread(1, { pages: 3 }), thread(2, { pages: 2, active: true }), { hash: "l", kind: "list", updatedAt: 1, active: false, pages: 4 }]);
  expect(plan).toEqual({ remove: [], firstPageOnly: ["t1", "l"] });
});

test("trimInboxCache shortens an idle thread to its newest 100 messages", () => {
  const qc = new QueryClient();
  const key = [["conversations", "thread"], { input: { id: "c1" }, type: "infinite" }];
  const page = (n: number) => ({ messages: Array.from({ length: 100 }, (_, i) => `${n}-${i}`) });
  qc.setQueryData(key, { pages: [page(0), page(1)], pageParams: [null, "x"] });
  qc.setQueryData([["agents", "list"], { type: "query" }], { pages: [1, 2] });
  trimInboxCache(qc);
  const data = qc.getQueryData<{ pages: { messages: string[] }[] }>(key);
  expect(data?.pages.flatMap((p) => p.messages)).toHaveLength(100);
  expect(data?.pages[0]?.messages[0]).toBe("0-0");
  // Other features' queries are not touched.
  expect(qc.getQueryData<{ pages: number[] }>([["agents", "list"], { type: "query" }])?.pages).toEqual([1, 2]);
});
