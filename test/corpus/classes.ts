// Classes: fields and initializers, parameter properties, inheritance, visibility, generics, toJSON.

export class Member {
  name = "";
  visits = 0;
  email?: string;
  nickname: string | null = null;
  private password = "";
  protected level = 1;
  #secret = 0;
  static count = 0;
  greet(): string {
    return `${this.name} ${this.#secret} ${this.password}`;
  }
  get initials(): string {
    return this.name.slice(0, 1);
  }
}

export class Librarian extends Member {
  badge!: number;
  desk = "front";
}

export class Point {
  constructor(
    public x: number,
    public y: number,
    private label = "",
  ) {}
  describe(): string {
    return this.label;
  }
}

export abstract class Item {
  abstract title: string;
  id = "";
}
export class Disc extends Item {
  title = "";
  minutes = 0;
}

export interface Identified {
  id: string;
}
export class Visitor implements Identified {
  id = "";
  since: Date = new Date(0);
}

export class Box<T = string> {
  constructor(public content: T) {}
}
export type NumberBox = Box<number>;

// expect: check TS99018
/** A sum of money, written as its amount and currency. */
export class Money {
  constructor(
    private cents: number,
    private currency: "EUR" | "USD",
  ) {}
  toJSON(): { amount: string; currency: "EUR" | "USD" } {
    return { amount: (this.cents / 100).toFixed(2), currency: this.currency };
  }
}

// expect: check TS99018
export interface Stamp {
  at: number;
  toJSON(): string;
}

// expect: check TS99018
export class Invoice {
  number = "";
  total!: Money;
  stamps: Stamp[] = [];
}

// A toJSON() that returns the value itself changes nothing.
export class Draft {
  text = "";
  toJSON(): Draft {
    return this;
  }
}
