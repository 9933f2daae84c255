import { toolOf } from "@schemaof/runtime";
import { annoterLivre, emprunterLivre, rechercherLivres, rendreLivre } from "./outils.js";

/**
 * The média­thèque's tools: every schema below is read off the functions when the build rewrites this
 * file, for MCP and for each provider (`GET /outils?target=openai-strict`).
 */
export const outils = [
  toolOf(rechercherLivres, { target: ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-openapi"] }),
  toolOf(emprunterLivre, { target: ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-openapi"] }),
  toolOf(rendreLivre, { target: ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-openapi"] }),
  // A patch a model often sends as JSON text, or with `null` for a field it means to leave alone: repaired, and said so.
  toolOf(annoterLivre, { target: ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-openapi"], coerce: true }),
];
