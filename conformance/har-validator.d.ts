// The HAR validator the tests use (har-validator ships no types): each export validates one part.
declare module 'har-validator' {
  const validator: { har(data: unknown): Promise<boolean> };
  export default validator;
}
