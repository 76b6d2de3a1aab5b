// Money and counts that add up: a service derives an item's totals from its lines, so the mock does
// too, whatever values it drew. Read from member names alone (no rule of the document's words: a
// flat shipping fee below a threshold stays what was drawn), applied to every item it makes:
//   line:  lineTotal = quantity × unitPrice
//   item:  itemCount = Σ quantity; subtotal = Σ lineTotal; total = subtotal + shipping + tax − discount
type Item = Record<string, unknown>;

const QUANTITY = ['quantity', 'qty', 'count'];
const UNIT_PRICE = ['unitPrice', 'unit_price', 'price', 'unitAmount', 'unit_amount'];
const LINE_TOTAL = ['lineTotal', 'line_total', 'total', 'amount', 'subtotal'];
const ITEM_COUNT = ['itemCount', 'item_count', 'totalQuantity', 'total_quantity', 'quantity'];
const SUBTOTAL = ['subtotal', 'sub_total', 'subTotal'];
const TOTAL = ['total', 'grandTotal', 'grand_total', 'totalAmount', 'total_amount', 'amount_total'];
const ADDED = ['shipping', 'shippingCost', 'shipping_cost', 'tax', 'taxAmount', 'tax_amount', 'fees'];
const TAKEN = ['discount', 'discountAmount', 'discount_amount'];

const numberAt = (item: Item, names: readonly string[]): string | undefined =>
  names.find((name) => typeof item[name] === 'number');

/** The item with its lines' totals and its own sums made to add up; the item itself where it has
 * no lines of quantities and prices. */
export function withSums(item: Item): Item {
  for (const [member, value] of Object.entries(item)) {
    if (!Array.isArray(value) || value.length === 0 || !value.every(isLine)) continue;
    const lines = value.map(lineWithTotal);
    const next: Item = { ...item, [member]: lines };
    const count = numberAt(
      item,
      ITEM_COUNT.filter((name) => name !== member),
    );
    if (count) next[count] = lines.reduce((sum, line) => sum + Number(line[numberAt(line, QUANTITY)!]), 0);
    const subtotal = numberAt(item, SUBTOTAL);
    const lineSum = lines.reduce((sum, line) => sum + lineTotalOf(line), 0);
    if (subtotal) next[subtotal] = lineSum;
    const total = numberAt(item, TOTAL);
    if (total) {
      const added = ADDED.filter((name) => typeof item[name] === 'number').reduce((s, n) => s + Number(item[n]), 0);
      const taken = TAKEN.filter((name) => typeof item[name] === 'number').reduce((s, n) => s + Number(item[n]), 0);
      next[total] = lineSum + added - taken;
    }
    return next;
  }
  return item;
}

function isLine(value: unknown): value is Item {
  return (
    typeof value === 'object' &&
    value !== null &&
    numberAt(value as Item, QUANTITY) !== undefined &&
    numberAt(value as Item, UNIT_PRICE) !== undefined
  );
}

const lineTotalOf = (line: Item): number =>
  Number(line[numberAt(line, QUANTITY)!]) * Number(line[numberAt(line, UNIT_PRICE)!]);

function lineWithTotal(line: Item): Item {
  const total = numberAt(
    line,
    LINE_TOTAL.filter((name) => !UNIT_PRICE.includes(name)),
  );
  return total ? { ...line, [total]: lineTotalOf(line) } : line;
}
