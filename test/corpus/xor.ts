// Exclusive or, never and undefined: keys that may only be absent, members no value can have.

type Without<T, U> = { [P in Exclude<keyof T, keyof U>]?: never };
type XOR<T, U> = (Without<T, U> & U) | (Without<U, T> & T);

export interface Card {
  card: string;
  cvc: string;
}
export interface Transfer {
  iban: string;
}
export type Payment = XOR<Card, Transfer>;

export type ByIdOrName = { id: string; name?: never } | { name: string; id?: never };
export type Undefinable = { a: string; b?: undefined; c?: string | undefined };
export type VoidField = { result: void; label: string };
export type NoTuple = number | [never];
export type Left = { kind: "left"; value: string } | { kind: "right"; value: never };

// expect: all TS99001
export type Nothing = { x: never };

// expect: all TS99001
export type Impossible = Exclude<"a" | "b", "a" | "b">;

export type Exclusive = { mode: "fast"; retries?: never } | { mode: "safe"; retries: number };
