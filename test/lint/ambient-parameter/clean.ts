import { toolOf } from "@schemaof/runtime";
/** Lists the loans of the reader signed in, a page at a time; returns titles and the next page's token. */
export function listLoans(
  /** The token of the page to read, from the last answer; none for the first page. */
  pageToken?: string,
) {
  return { titles: [pageToken ?? ""] };
}
export const tool = toolOf(listLoans);
