// Parameters that break their declaration, one at a time: a required query, header or cookie
// parameter left out, and values that are not a number, out of range, not in the enum, too long or
// a date that does not exist, off its pattern, in the parameter's own place (path, query, header
// or cookie).
import { above, below, impossibleCalendarValues, wordRuleBreaksOf } from '../../../spec/generate/index.js';
import { caseFlipped, lengthMisses, oneCharacterOut } from '../../../spec/generate/pattern-misses.js';
import type { ParameterSpec } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { Planner } from '../planner.js';
import { RESERVED_HEADERS } from '../serialize.js';

/** Values that break a parameter's schema, with what each breaks. */
function brokenValues(parameter: ParameterSpec): Array<[string, string, Partial<TestCase>?]> {
  const schema = parameter.validator.schema as Record<string, unknown>;
  const broken: Array<[string, string, Partial<TestCase>?]> = [];
  if (schema.type === 'integer' || schema.type === 'number') broken.push(['not-a-number', 'is not a number']);
  if (schema.type === 'integer') broken.push(['1.5', 'is not a whole number']);
  if (typeof schema.minimum === 'number')
    broken.push([String(below(schema.minimum)), `is below the minimum ${schema.minimum}`]);
  if (typeof schema.maximum === 'number')
    broken.push([
      String(above(schema.maximum)),
      `is above the maximum ${schema.maximum}`,
      { pastMaximum: { parameter: parameter.name, maximum: schema.maximum } },
    ]);
  if (Array.isArray(schema.enum)) broken.push(['not-in-enum', `is not one of ${JSON.stringify(schema.enum)}`]);
  if (typeof schema.maxLength === 'number') {
    broken.push(['x'.repeat(schema.maxLength + 1), `is longer than ${schema.maxLength} characters`]);
  }
  // A pattern's near misses: a valid value in the other letter case, one with a character it leaves
  // out (`Intro_SQL` for a slug of lowercase words joined by hyphens).
  if (typeof schema.pattern === 'string') {
    const flipped = caseFlipped(schema);
    if (flipped !== undefined) broken.push([flipped, 'does not match its pattern (in the other letter case)']);
    const out = oneCharacterOut(schema);
    if (out) broken.push([out.value, `holds ${JSON.stringify(out.character)}, which its pattern leaves out`]);
    // A length the pattern alone limits (`^[A-Z]{2,8}$`): a value cut short of it, and one grown past it.
    const { shorter, longer } = lengthMisses(schema);
    if (shorter !== undefined) broken.push([shorter, 'is shorter than its pattern allows']);
    if (longer !== undefined) broken.push([longer, 'is longer than its pattern allows']);
  }
  for (const [value, wrong] of impossibleCalendarValues(schema.format))
    broken.push([value, `is a ${schema.format} that does not exist (${wrong})`]);
  // The broken text must stay invalid: a schema that takes any string takes it too.
  return broken.filter(([value]) => parameter.validator.validate(value).length > 0);
}

export const parametersPlanner: Planner = {
  name: 'parameters',
  sends: 'each parameter broken once: a required one left out, or a value its schema refuses',
  plan(operation, context) {
    const cases: TestCase[] = [];
    const valid = context.parameters(operation, 'plain', 0);
    const pathParams = context.pathParams(operation, 'plain', 0);
    const body = context.baselinePayload(operation);
    const negative = (mutation: string, fields: Partial<TestCase>) =>
      cases.push(
        context.testCase(operation, { kind: 'negative', mutation, what: mutation, pathParams, ...body, ...fields }),
      );
    for (const parameter of operation.parameters) {
      if (parameter.in === 'header' && RESERVED_HEADERS.has(parameter.name.toLowerCase())) continue;
      const where = `${parameter.in} parameter ${parameter.name}`;
      const others = valid.filter((placed) => !(placed.in === parameter.in && placed.name === parameter.name));
      if (parameter.required && parameter.in !== 'path') negative(`${where} is missing`, { parameters: others });
      // What the words say of it beyond its schema ("with a correct check digit"), broken once.
      const current =
        parameter.in === 'path'
          ? pathParams[parameter.name]
          : valid.find((placed) => placed.name === parameter.name)?.value;
      const said = current === undefined ? [] : wordRuleBreaksOf(parameter.name, parameter.description);
      for (const broken of said.map((rule) => rule(current)).filter((b) => b !== undefined)) {
        const value = String(broken.value);
        if (parameter.in === 'path')
          negative(`${where} ${broken.label}`, {
            pathParams: { ...pathParams, [parameter.name]: value },
            brokenPathParameter: parameter.name,
          });
        else
          negative(`${where} ${broken.label}`, {
            parameters: [...others, { in: parameter.in, name: parameter.name, value }],
          });
      }
      for (const [value, label, marks] of brokenValues(parameter)) {
        if (parameter.in === 'path')
          negative(`${where} ${label}`, {
            pathParams: { ...pathParams, [parameter.name]: value },
            brokenPathParameter: parameter.name,
          });
        else
          negative(`${where} ${label}`, {
            parameters: [...others, { in: parameter.in, name: parameter.name, value }],
            ...(parameter.in === 'query' ? marks : {}),
          });
      }
    }
    return { cases };
  },
};
