import type { Integer, Maximum, MaxLength, Minimum, MinLength, Pattern } from "@schemaof/runtime";
import { createCatalogue, normaliser, type Livre } from "./catalogue.js";
import { lire, modifier } from "./registre.js";

const catalogue = createCatalogue();
// What a search reads of each book, normalised once: a search of many words reads it for each word.
const lu = new Map(catalogue.map((livre) => [livre.isbn, normaliser(`${livre.titre} ${livre.auteur}`)]));

export interface ResultatRecherche {
  /** How many books match, before `limite` is applied. */
  total: Integer;
  livres: Livre[];
}

/**
 * Searches the catalogue by words of the title or the author's name.
 * @param mots Words to look for in the title or the author's name
 * @param langue Only books in this language: an ISO 639-1 code, two lowercase letters
 * @param limite How many books to return at most
 * @title Search the catalogue
 * @readOnly
 * @closedWorld
 */
export async function rechercherLivres(
  mots: string & MinLength<1> & MaxLength<200> & Pattern<"\\S">,
  langue?: string & Pattern<"^[a-z]{2}$">,
  limite: Integer & Minimum<1> & Maximum<100> = 20,
): Promise<ResultatRecherche> {
  const cherches = normaliser(mots).split(/\s+/).filter(Boolean);
  // Only marks (an accent alone) are no word: no search matches everything.
  if (cherches.length === 0) throw new Error("mots holds no word to look for; give a word of the title or the author's name");
  const trouves = catalogue.filter((livre) => (!langue || livre.langue === langue) && cherches.every((mot) => lu.get(livre.isbn)!.includes(mot)));
  const { emprunts } = await lire();
  return { total: trouves.length, livres: trouves.slice(0, limite).map((livre) => ({ ...livre, disponible: !Object.hasOwn(emprunts, livre.isbn) })) };
}

export interface Emprunt {
  isbn: string;
  titre: string;
  lecteur: string;
  /** The day the book is due back, as YYYY-MM-DD. */
  retour: string;
}

/** How many books one reader card holds at once: one reader (or one runaway agent) cannot empty the shelves. */
export const MAX_PRETS = 5;

/**
 * Borrows a book for a reader. Fails when no book has this ISBN, when it is already on loan, or when
 * the reader already has 5 books out.
 * @param isbn The book's ISBN-13, digits only
 * @param lecteur The reader's card number
 * @param jours For how many days
 * @title Borrow a book
 * @destructive false
 * @closedWorld
 */
export async function emprunterLivre(
  isbn: string & Pattern<"^97[89][0-9]{10}$">,
  lecteur: string & Pattern<"^L[0-9]{6}$">,
  jours: Integer & Minimum<1> & Maximum<28> = 21,
): Promise<Emprunt> {
  const livre = catalogue.find((l) => l.isbn === isbn);
  if (!livre) throw new Error(`no book has the ISBN ${isbn}; search with rechercherLivres first`);
  return modifier(({ emprunts }) => {
    const pris = Object.hasOwn(emprunts, isbn) ? emprunts[isbn] : undefined;
    if (pris) throw new Error(`"${livre.titre}" is on loan until ${pris.retour}`);
    const siens = Object.values(emprunts).filter((emprunt) => emprunt.lecteur === lecteur).length;
    if (siens >= MAX_PRETS) {
      throw new Error(`the reader ${lecteur} already has ${siens} books out, the most a card takes; return one with rendreLivre first`);
    }
    const retour = new Date(Date.now() + jours * 86_400_000).toISOString().slice(0, 10);
    emprunts[isbn] = { lecteur, retour };
    return { isbn, titre: livre.titre, lecteur, retour };
  });
}

/**
 * Returns a borrowed book, so that others can borrow it. Fails when the book is not on loan to this reader.
 * @param isbn The book's ISBN-13, digits only
 * @param lecteur The card number of the reader who borrowed it
 * @title Return a book
 * @destructive false
 * @closedWorld
 */
export async function rendreLivre(
  isbn: string & Pattern<"^97[89][0-9]{10}$">,
  lecteur: string & Pattern<"^L[0-9]{6}$">,
): Promise<{ isbn: string; rendu: true }> {
  return modifier(({ emprunts }) => {
    const pris = Object.hasOwn(emprunts, isbn) ? emprunts[isbn] : undefined;
    if (!pris) throw new Error(`the book ${isbn} is not on loan; nothing to return`);
    if (pris.lecteur !== lecteur) throw new Error(`the book ${isbn} is on loan to another reader; only its reader returns it`);
    delete emprunts[isbn];
    return { isbn, rendu: true as const };
  });
}

/** What the librarians note on a book. */
export interface Annotation {
  /** A note for readers, shown with the book. */
  note?: string;
  /** Shelf labels, such as "nouveauté". */
  etiquettes?: string[];
}

/** A book's annotation, as annoterLivre answers it. */
export interface LivreAnnote extends Annotation {
  isbn: string;
}

/** The change to a book's annotation: a field left out stays as it was; `null` clears it. */
export interface ChangementAnnotation {
  /** The new note; null removes it. */
  note?: (string & MaxLength<500>) | null;
  /** The new labels, all of them; null removes them. */
  etiquettes?: (string & MinLength<1> & MaxLength<40>)[] | null;
}

/**
 * Changes a book's annotation: only the fields given change. Fails when no book has this ISBN.
 * @param isbn The book's ISBN-13, digits only
 * @param changement The fields to change; the others are kept
 * @title Annotate a book
 * @destructive false
 * @idempotent
 * @closedWorld
 */
export async function annoterLivre(isbn: string & Pattern<"^97[89][0-9]{10}$">, changement: ChangementAnnotation): Promise<LivreAnnote> {
  if (!catalogue.some((livre) => livre.isbn === isbn)) throw new Error(`no book has the ISBN ${isbn}; search with rechercherLivres first`);
  return modifier(({ annotations }) => {
    const annotation: Annotation = { ...(Object.hasOwn(annotations, isbn) ? annotations[isbn] : {}) };
    // A key the model left out is not in `changement` at all: only what it sent changes.
    for (const key of ["note", "etiquettes"] as const) {
      if (!(key in changement)) continue;
      const value = changement[key];
      if (value === null) delete annotation[key];
      else (annotation as Record<string, unknown>)[key] = value;
    }
    annotations[isbn] = annotation;
    return { isbn, ...annotation };
  });
}
