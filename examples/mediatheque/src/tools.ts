import { toolOf } from "@schemaof/runtime";
import { emprunterLivre, rechercherLivres } from "./outils.js";

/** The média­thèque's tools: every schema below is read off the functions when tspc builds this file. */
export const outils = [toolOf(rechercherLivres), toolOf(emprunterLivre)];
