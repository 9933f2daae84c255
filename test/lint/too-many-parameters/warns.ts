import { toolOf } from "@schemaof/runtime";
/** A reader's whole record, each field its own parameter; returns the record's number. */
interface Record16 {
  /** Field 1. */ a: string; /** Field 2. */ b: string; /** Field 3. */ c: string; /** Field 4. */ d: string;
  /** Field 5. */ e: string; /** Field 6. */ f: string; /** Field 7. */ g: string; /** Field 8. */ h: string;
  /** Field 9. */ i: string; /** Field 10. */ j?: string; /** Field 11. */ k?: string; /** Field 12. */ l?: string;
  /** Field 13. */ m?: string; /** Field 14. */ n?: string; /** Field 15. */ o?: string; /** Field 16. */ p?: string;
}
/** Creates a reader's record from every field at once; returns its number. */
export function createRecord(record: Record16) {
  return { id: record.a };
}
export const tool = toolOf(createRecord);
