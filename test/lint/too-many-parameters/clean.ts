import { toolOf } from "@schemaof/runtime";
interface Reader {
  /** The reader's full name, as on an ID. */ name: string;
  /** An e-mail address to send reminders to. */ email: string;
  /** A phone number, for urgent reminders only. */ phone?: string;
}
/** Creates a reader's record from their name and contacts; returns the new card number. */
export function createReader(reader: Reader) {
  return { card: reader.name };
}
export const tool = toolOf(createReader);
