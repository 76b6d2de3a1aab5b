// Money and counts that add up: a service derives an item's totals from its lines. Read from member
// names alone (no rule of the document's words: a flat shipping fee below a threshold is not read):
//   line:  lineTotal = quantity × unitPrice
//   item:  itemCount = Σ quantity; subtotal = Σ lineTotal; total = subtotal + shipping + tax − discount
// The mock makes every item it answers add up (withSums); the runner judges an answer by the rules
// its document's own descriptions confirm (sumsOf gives each rule's parts to look for).
type Item = Record<string, unknown>;

const QUANTITY = ['quantity', 'qty', 'count'];
const UNIT_PRICE = ['unitPrice', 'unit_price', 'price', 'unitAmount', 'unit_amount', 'unitCost', 'unit_cost', 'cost'];
const LINE_TOTAL = ['lineTotal', 'line_total', 'total', 'amount', 'subtotal'];
const ITEM_COUNT = ['itemCount', 'item_count', 'totalQuantity', 'total_quantity', 'quantity'];
const SUBTOTAL = ['subtotal', 'sub_total', 'subTotal'];
const TOTAL = ['total', 'grandTotal', 'grand_total', 'totalAmount', 'total_amount', 'amount_total'];
const ADDED = ['shipping', 'shippingCost', 'shipping_cost', 'tax', 'taxAmount', 'tax_amount', 'fees'];
const TAKEN = ['discount', 'discountAmount', 'discount_amount'];

/** One member that adds up from others: where it is (the item's own, or a line's), the value the
 * rule gives it, and the members it is made of. */
export interface SumRule {
  /** The member's path in the item: ['total'] or ['lines', 0, 'lineTotal']. */
  readonly path: readonly (string | number)[];
  readonly expected: number;
  readonly parts: readonly string[];
}

/** A money member's name without its unit (`subtotalCents`, `unit_price_minor` → subtotal, unit_price). */
const withoutUnit = (name: string): string => name.replace(/(?:_?in)?_?(?:cents|Cents|minor|Minor|pence|Pence)$/, '');

/** The item's number members named as one of `names`, a unit aside, in the order of `names`. */
const numbersNamed = (item: Item, names: readonly string[]): string[] => {
  const numbers = Object.keys(item).filter((key) => typeof item[key] === 'number');
  return names.flatMap((name) => numbers.filter((key) => key === name || withoutUnit(key) === name));
};

const numberAt = (item: Item, names: readonly string[]): string | undefined => numbersNamed(item, names)[0];

function isLine(value: unknown): value is Item {
  return (
    typeof value === 'object' &&
    value !== null &&
    numberAt(value as Item, QUANTITY) !== undefined &&
    numberAt(value as Item, UNIT_PRICE) !== undefined
  );
}

/** Every rule the item's members follow, read from their names: its first non-empty array of lines
 * (members with a quantity and a unit price) and what is derived from it. */
export function sumsOf(item: Item): SumRule[] {
  for (const [member, value] of Object.entries(item)) {
    if (!Array.isArray(value) || value.length === 0 || !value.every(isLine)) continue;
    const lines = value as Item[];
    const rules: SumRule[] = [];
    const quantityOf = (line: Item) => numberAt(line, QUANTITY)!;
    const priceOf = (line: Item) => numberAt(line, UNIT_PRICE)!;
    const lineTotals = lines.map((line) => Number(line[quantityOf(line)]) * Number(line[priceOf(line)]));
    lines.forEach((line, index) => {
      const price = priceOf(line);
      const total = numberAt(
        line,
        LINE_TOTAL.filter((name) => !UNIT_PRICE.includes(name)),
      );
      if (total === price) return;
      if (total)
        rules.push({
          path: [member, index, total],
          expected: lineTotals[index]!,
          parts: [quantityOf(line), priceOf(line)],
        });
    });
    const first = lines[0]!;
    const count = numberAt(
      item,
      ITEM_COUNT.filter((name) => name !== member),
    );
    const quantities = lines.reduce((sum, line) => sum + Number(line[quantityOf(line)]), 0);
    if (count) rules.push({ path: [count], expected: quantities, parts: [quantityOf(first), member] });
    const lineSum = lineTotals.reduce((sum, total) => sum + total, 0);
    const subtotal = numberAt(item, SUBTOTAL);
    if (subtotal)
      rules.push({ path: [subtotal], expected: lineSum, parts: [quantityOf(first), priceOf(first), member] });
    const total = numberAt(item, TOTAL);
    if (total) {
      const added = numbersNamed(item, ADDED);
      const taken = numbersNamed(item, TAKEN);
      const expected =
        lineSum + added.reduce((s, n) => s + Number(item[n]), 0) - taken.reduce((s, n) => s + Number(item[n]), 0);
      const parts = [...(subtotal ? [subtotal] : [quantityOf(first), priceOf(first), member]), ...added, ...taken];
      rules.push({ path: [total], expected, parts });
    }
    return rules;
  }
  return [];
}

/** A line's own total member, by the names only a line gives it (not `total` or `amount`, which an
 * item with a stock quantity and a price may mean otherwise). */
const OWN_LINE_TOTAL = ['lineTotal', 'line_total'];

function holdsOwnLineTotal(item: Item): boolean {
  for (const key in item) if (OWN_LINE_TOTAL.includes(withoutUnit(key))) return true;
  return false;
}

/** A line answered on its own (the item `POST /orders/{id}/lines` makes): its total is its quantity
 * times its unit price. */
function ownLineRules(item: Item): SumRule[] {
  // Looked for without building anything first: every created item passes here (a category too).
  if (!holdsOwnLineTotal(item) || !isLine(item)) return [];
  const total = numberAt(item, OWN_LINE_TOTAL);
  if (total === undefined) return [];
  const [quantity, price] = [numberAt(item, QUANTITY)!, numberAt(item, UNIT_PRICE)!];
  return [{ path: [total], expected: Number(item[quantity]) * Number(item[price]), parts: [quantity, price] }];
}

/** The item with its lines' totals and its own sums made to add up (or, a line itself, its total);
 * the item itself where it has no lines of quantities and prices. */
export function withSums(item: Item): Item {
  const found = sumsOf(item);
  const rules = found.length > 0 ? found : ownLineRules(item);
  if (rules.length === 0) return item;
  const next: Item = { ...item };
  for (const { path, expected } of rules) {
    if (path.length === 1) next[path[0] as string] = expected;
    else {
      const [member, index, name] = path as [string, number, string];
      const lines = next[member] === item[member] ? [...(item[member] as Item[])] : (next[member] as Item[]);
      lines[index] = { ...lines[index], [name]: expected };
      next[member] = lines;
    }
  }
  return next;
}

/** The item with its sums over an empty list of lines made to add up (an order with no lines yet:
 * no items, a subtotal of 0), `members` being the members its lines show: read as one line of zeros,
 * the list left empty. */
export function withEmptyLinesSummed(item: Item, member: string, members: readonly string[]): Item {
  const zero = Object.fromEntries(members.map((name) => [name, 0]));
  if (!isLine(zero)) return item;
  return { ...withSums({ ...item, [member]: [zero] }), [member]: [] };
}
