/** Instagram/LinkedIn profile parsing of web-search results (pure) and the custom CSV reader. */
import { describe, expect, test } from "bun:test";
import { leadsFromCsv } from "../src/services/leads/lead-csv";
import { leadValues } from "../src/services/leads/lead-write";
import { nameFromTitle, parseSocialResult, parseSocialResults, profileOf, socialQuery } from "../src/services/leads/social-profiles";

describe("[leads] social profiles", () => {
  test("site-restricted queries", () => {
    expect(socialQuery("instagram", "pet shop", "Campinas")).toBe("site:instagram.com pet shop Campinas");
    expect(socialQuery("linkedin", "contabilidade", "")).toBe("site:linkedin.com/company contabilidade");
  });

  test("only profile URLs count: posts, reels, explore pages and other sites do not", () => {
    expect(profileOf("instagram", "https://www.instagram.com/petamigo.campinas/")).toEqual({ handle: "petamigo.campinas", url: "https://www.instagram.com/petamigo.campinas/" });
    expect(profileOf("instagram", "https://instagram.com/PetAmigo?hl=pt-br")?.handle).toBe("petamigo");
    expect(profileOf("instagram", "https://www.instagram.com/p/Cx12ab/")).toBeNull();
    expect(profileOf("instagram", "https://www.instagram.com/reel/Cx12ab/")).toBeNull();
    expect(profileOf("instagram", "https://www.instagram.com/explore/tags/petshop/")).toBeNull();
    expect(profileOf("instagram", "https://www.facebook.com/petamigo")).toBeNull();
    expect(profileOf("linkedin", "https://br.linkedin.com/company/contabil-silva")?.url).toBe("https://www.linkedin.com/company/contabil-silva/");
    expect(profileOf("linkedin", "https://www.linkedin.com/jobs/view/123")).toBeNull();
    expect(profileOf("linkedin", "não é url")).toBeNull();
  });

  test("an Instagram bio gives name, handle, phone, e-mail and site", () => {
    const lead = parseSocialResult("instagram", {
      titulo: "Pet Amigo Campinas (@petamigo.campinas) • Instagram photos and videos",
      url: "https://www.instagram.com/petamigo.campinas/",
      conteudo: "2.345 seguidores. Banho e tosa 🐶 Agende: (19) 99876-5432 ✉️ contato@petamigo.com.br 🌐 www.petamigo.com.br linktr.ee/petamigo",
    });
    expect(lead).toEqual({
      businessName: "Pet Amigo Campinas",
      phone: "(19) 99876-5432",
      email: "contato@petamigo.com.br",
      website: "www.petamigo.com.br",
      placeId: "instagram:petamigo.campinas",
      socialProfiles: { instagram: "https://www.instagram.com/petamigo.campinas/" },
    });
    // Stored: E.164 phone, https site.
    expect(leadValues(lead ?? { businessName: "" })).toMatchObject({ phone: "+5519998765432", website: "https://www.petamigo.com.br", email: "contato@petamigo.com.br" });
  });

  test("a LinkedIn company page; nothing invented when the snippet has no contact", () => {
    const lead = parseSocialResult("linkedin", { titulo: "Silva Contabilidade | LinkedIn", url: "https://www.linkedin.com/company/silva-contabilidade/", conteudo: "Escritório de contabilidade em Campinas. 11-50 funcionários." });
    expect(lead).toMatchObject({ businessName: "Silva Contabilidade", phone: null, email: null, website: null, placeId: "linkedin:silva-contabilidade" });
    expect(nameFromTitle("instagram", "@x • Instagram", "x_handle")).toBe("x_handle");
  });

  test("results: non-profiles dropped, one lead per handle", () => {
    const out = parseSocialResults("instagram", [
      { titulo: "A (@aaa) • Instagram", url: "https://www.instagram.com/aaa/", conteudo: "" },
      { titulo: "post", url: "https://www.instagram.com/p/xyz/", conteudo: "" },
      { titulo: "A de novo", url: "https://instagram.com/AAA", conteudo: "" },
      { titulo: "B Loja (@bbb) • Instagram", url: "https://www.instagram.com/bbb/", conteudo: "" },
    ]);
    expect(out.map((l) => l.placeId)).toEqual(["instagram:aaa", "instagram:bbb"]);
  });
});

describe("[leads] custom CSV", () => {
  test("mapped columns, short names counted as invalid", () => {
    const { candidates, invalid } = leadsFromCsv("\uFEFFnome,fone,cidade\nMercado Bom,(11) 3333-4444,São Paulo\nA,,\n", { "0": "businessName", "1": "phone", "2": "city" });
    expect(invalid).toBe(1);
    expect(candidates).toEqual([{ businessName: "Mercado Bom", phone: "(11) 3333-4444", email: undefined, website: undefined, category: undefined, address: undefined, city: "São Paulo" }]);
    expect(() => leadsFromCsv("nome\nX Loja\n", { "3": "businessName" })).toThrow("A coluna escolhida não existe no arquivo");
  });
});
