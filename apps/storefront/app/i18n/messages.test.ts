import { describe, expect, it } from "vitest";
import { SCREEN_IDS } from "@shop/routing";
import { format, messagesFor, pageMessages } from "./index";

describe("messages", () => {
  it("falls back to Spanish texts for an unknown language", () => {
    expect(messagesFor("en")).toBe(messagesFor("es"));
    expect(messagesFor("ca").nav.signIn).toBe("Inicia sessió");
  });

  it("gives every screen a title, description and heading in every language", () => {
    for (const locale of ["es", "ca", "pt"]) {
      for (const id of SCREEN_IDS) {
        const text = messagesFor(locale).screens[id];
        expect(text.title, `${locale} ${id}`).not.toBe("");
        expect(text.description, `${locale} ${id}`).not.toBe("");
        expect(text.heading, `${locale} ${id}`).not.toBe("");
      }
    }
  });

  it("translates rather than copies: Catalan and Portuguese differ from Spanish", () => {
    expect(messagesFor("ca").screens.boxes.heading).not.toBe(messagesFor("es").screens.boxes.heading);
    expect(messagesFor("pt").screens.boxes.heading).not.toBe(messagesFor("es").screens.boxes.heading);
  });

  it("sends a page its own screen's texts and only the titles of the others", () => {
    const page = pageMessages(messagesFor("ca"), "boxes");
    expect(page.screen).toEqual(messagesFor("ca").screens.boxes);
    expect(page.screens.team).toEqual({ title: messagesFor("ca").screens.team.title });
    expect(page.nav).toBe(messagesFor("ca").nav);
    expect(pageMessages(messagesFor("es"), null).screen).toBeNull();
    expect(JSON.stringify(page).length).toBeLessThan(JSON.stringify(messagesFor("ca")).length * 0.7);
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(format("Paso {current} de {total}", { current: 2, total: 4 })).toBe("Paso 2 de 4");
    expect(format("Hola {name}", {})).toBe("Hola {name}");
  });
});
