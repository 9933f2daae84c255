/**
 * The média­thèque's catalogue: 240 books, made the same way at every start from a few word lists,
 * so a test can count on what a search finds. The loans are registre.ts's.
 */
import type { Integer } from "@schemaof/runtime";

/** A book of the catalogue, and whether it can be borrowed now. */
export interface Livre {
  isbn: string;
  titre: string;
  auteur: string;
  /** ISO 639-1 code of the book's language. */
  langue: string;
  /** Year of publication. */
  annee: Integer;
  disponible: boolean;
}

const SUJETS = [
  "du jardin",
  "de l'océan",
  "de la montagne",
  "de la ville",
  "de la forêt",
  "du désert",
  "de la rivière",
  "des étoiles",
  "du musée",
  "du voyage",
  "de la cuisine",
  "de la mémoire",
];
const FORMES = ["Le livre", "Histoire", "Petit traité", "Les secrets", "Carnet", "Atlas", "Chroniques", "Rêveries", "Au cœur", "Le dernier hiver"];
const AUTEURS = ["Claire Martin", "Hugo Bernard", "Léa Dubois", "Karim Haddad", "Sofia Rossi", "Jan Novak", "Emma Schmidt", "Diego Alvarez"];
const LANGUES = ["fr", "fr", "fr", "en", "es", "de", "it"];

/** An ISBN-13 with its check digit: 978 + nine digits of `n` + the digit that makes the sum a multiple of 10. */
export function isbnOf(n: number): string {
  const digits = `978${String(100000000 + n * 7919).slice(-9)}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + ((10 - (sum % 10)) % 10);
}

export function createCatalogue(count = 240): Livre[] {
  return Array.from({ length: count }, (_, i) => ({
    isbn: isbnOf(i + 1),
    titre: `${FORMES[i % FORMES.length]} ${SUJETS[Math.floor(i / FORMES.length) % SUJETS.length]}${i >= FORMES.length * SUJETS.length ? ` (tome ${Math.floor(i / (FORMES.length * SUJETS.length)) + 1})` : ""}`,
    auteur: AUTEURS[(i * 5) % AUTEURS.length],
    langue: LANGUES[i % LANGUES.length],
    annee: 1950 + ((i * 13) % 75),
    disponible: true,
  }));
}

/** Lowercase, without accents: "Océan" and "ocean" match. */
export const normaliser = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
