/** The part of mt940js (which ships no types) that read-mt940.ts uses. */
declare module 'mt940js' {
  namespace mt940 {
    interface Transaction {
      readonly date: Date;
      readonly amount: number;
      readonly reversal: boolean;
      readonly currency: string;
      readonly details: string;
      readonly reference: string;
      readonly bankReference?: string;
      readonly extraDetails?: string;
    }
    interface Statement {
      readonly accountIdentification: string;
      readonly currency: string;
      readonly transactions: readonly Transaction[];
    }
    class Parser {
      parse(data: string, withTags?: boolean): Statement[];
    }
  }
  export default mt940;
}
