// Namespaces: nested declarations, two types of one name, aliases into them.

export namespace Library {
  export interface Book {
    isbn: string;
    title: string;
  }
  export namespace Loans {
    export type Status = "open" | "returned" | "late";
    /** A book lent to a member. */
    export interface Loan {
      book: Book;
      status: Status;
      due: Date;
    }
  }
}

export namespace Shop {
  export interface Book {
    sku: string;
    price: number;
  }
}

export type Loan = Library.Loans.Loan;
export type LoanStatus = Library.Loans.Status;
export type Basket = { library: Library.Book; shop: Shop.Book; more: Shop.Book[]; lent: Library.Book[] };
export type Both = Library.Book & Shop.Book;
