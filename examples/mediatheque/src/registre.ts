/**
 * What the tools change: the loans, and the librarians' annotations. In this process's memory by
 * default; with DONNEES=<folder>, in <folder>/registre.json, shared by every process given that
 * folder (WORKERS=3, or several servers behind a load balancer): any of them answers any call, and a
 * book lent by one is on loan for all. A change reads and writes the file under a lock they all
 * honour, so two processes never lend one book twice, nor a sixth book to one card; the file is
 * replaced whole (written beside it, then renamed), so a reader never meets it half written.
 */
import { linkSync, mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import lockfile from "proper-lockfile";

export interface Pret {
  lecteur: string;
  /** The day the book is due back, as YYYY-MM-DD. */
  retour: string;
}

export interface Etat {
  /** By ISBN. */
  emprunts: Record<string, Pret>;
  /** By ISBN: what the librarians note (see annoterLivre). */
  annotations: Record<string, { note?: string; etiquettes?: string[] }>;
}

const vide = (): Etat => ({ emprunts: {}, annotations: {} });

/** The folder named by DONNEES, read on first use: the server may set it before the tools run. */
let dossier: string | null | undefined;
const enMemoire = vide();

function fichier(): string | null {
  if (dossier === undefined) {
    dossier = process.env.DONNEES || null;
    if (dossier) {
      mkdirSync(dossier, { recursive: true });
      // The lock is taken on the file itself: it must exist. It appears whole or not at all: written
      // beside, then linked under its name (a link fails where one exists, which is kept as it is).
      // Created in place, a process starting beside this one could read it still empty.
      const chemin = join(dossier, "registre.json");
      const provisoire = `${chemin}.${process.pid}.neuf`;
      writeFileSync(provisoire, JSON.stringify(vide()));
      try {
        linkSync(provisoire, chemin);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      } finally {
        unlinkSync(provisoire);
      }
    }
  }
  return dossier ? join(dossier, "registre.json") : null;
}

/** The register as it is now (no lock: the file is only ever replaced whole). */
export async function lire(): Promise<Etat> {
  const chemin = fichier();
  return chemin ? (JSON.parse(await readFile(chemin, "utf8")) as Etat) : enMemoire;
}

/**
 * Runs `changer` on the register and keeps what it changed, as one step for every process: no other
 * change runs between the read and the write. What `changer` throws leaves the register as it was.
 */
export async function modifier<T>(changer: (etat: Etat) => T): Promise<T> {
  const chemin = fichier();
  if (!chemin) {
    // In memory, a change runs to its end before any other: it is one step already; a copy keeps a
    // change that throws halfway from being half kept.
    const copie = structuredClone(enMemoire);
    const resultat = changer(copie);
    Object.assign(enMemoire, copie);
    return resultat;
  }
  // Waits its turn, 15 s at most (many calls at once wait for each other, asking again every few
  // milliseconds); a lock left by a process that died holding it is taken back after 10 s.
  const liberer = await lockfile.lock(chemin, { stale: 10_000, retries: { retries: 600, minTimeout: 1, maxTimeout: 25, randomize: true } });
  try {
    const etat = JSON.parse(await readFile(chemin, "utf8")) as Etat;
    const resultat = changer(etat);
    const provisoire = `${chemin}.${process.pid}`;
    await writeFile(provisoire, JSON.stringify(etat));
    await rename(provisoire, chemin);
    return resultat;
  } finally {
    await liberer();
  }
}
