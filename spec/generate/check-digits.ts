// Codes whose last digit checks the others (ISBN-13, EAN, GTIN, UPC; card numbers by Luhn): a value
// drawn from the schema's pattern alone fails the check nine times in ten, and a service rightly
// refuses it. Where a member's or parameter's name or words name such a code, generated values get
// the right check digit. A registry: a new code is a new entry.

interface CheckDigitCode {
  readonly name: string;
  /** Words (a name's parts, a description) that name the code. */
  readonly named: RegExp;
  /** The values it applies to. */
  readonly fits: RegExp;
  /** The check digit of the value's other digits. */
  readonly digit: (body: string) => string;
}

/** GS1's mod 10 (GTIN-8/12/13/14, EAN, UPC, ISBN-13): weights 3 and 1 from the right. */
function gs1Digit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const weight = (body.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(body[index]) * weight;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Luhn's mod 10 (card numbers, IMEI): every second digit from the right doubled. */
function luhnDigit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

const CODES: readonly CheckDigitCode[] = [
  {
    name: 'GS1 (ISBN-13, EAN, GTIN, UPC)',
    named: /\b(?:isbn(?:-?13)?|ean(?:-?1[03]|-?8)?|gtin(?:-?(?:8|12|13|14))?|upc(?:-?a)?)\b/i,
    fits: /^(?:\d{8}|\d{12,14})$/,
    digit: gs1Digit,
  },
  // Payment cards have 12 to 19 digits: an 8-digit library card number is no PAN, and a value
  // rewritten there names another member.
  { name: 'Luhn', named: /\b(?:luhn|card ?numbers?|pan|imei)\b/i, fits: /^\d{12,19}$/, digit: luhnDigit },
];

/** A name's words: `isbn13`, `eanCode` and `card_number` read as "isbn13", "ean code", "card number". */
const wordsOfName = (name: string): string =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

/** The code a member or parameter holds, by its name, else by its words; undefined for none. */
export function checkDigitCodeOf(name: string, description?: string): CheckDigitCode | undefined {
  return (
    CODES.find((code) => code.named.test(wordsOfName(name))) ??
    (description && /check ?digit|checksum/i.test(description)
      ? CODES.find((code) => code.named.test(description))
      : undefined)
  );
}

/** The value with its last digit set to the check digit, where the code applies to it. */
export function withCheckDigit(value: unknown, code: CheckDigitCode | undefined): unknown {
  if (!code || typeof value !== 'string' || !code.fits.test(value)) return value;
  return `${value.slice(0, -1)}${code.digit(value.slice(0, -1))}`;
}

export type { CheckDigitCode };
