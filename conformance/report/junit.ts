// JUnit XML: one testsuite per operation, one testcase per check, with stable names
// ("createCategory.response_schema_conformance"). fast-xml-parser does the escaping.
import { XMLBuilder } from 'fast-xml-parser';
import type { Violation } from '../model.js';
import type { RunResult } from '../run.js';

// XML 1.0 cannot hold these characters even escaped; a hostile body must not break the file.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const clean = (text: string): string => text.replace(NOT_XML, '\uFFFD');

function failureText(violation: Violation): string {
  return [
    violation.message,
    `case: ${violation.caseLabel}`,
    ...(violation.pointer !== undefined
      ? [`pointer: ${violation.pointer || '(body)'}${violation.keyword ? ` (keyword ${violation.keyword})` : ''}`]
      : []),
    violation.response
      ? `response: ${violation.response.status} ${violation.response.bodyExcerpt}`
      : `transport: ${violation.transport ?? ''}`,
    `reproduce: ${violation.curl}`,
    `occurrences: ${violation.occurrences}`,
  ].join('\n');
}

export function junitReport(result: RunResult): string {
  const suites = result.operations.map((operation) => {
    const cases = result.checks.map((check) => {
      const stats = operation.checks[check]!;
      const found = result.violations.filter((v) => v.operation === operation.id && v.check === check);
      // Known violations (--baseline) do not fail the build: they show as skipped, saying so.
      const failures = found.filter((v) => v.baseline !== 'known');
      const known = found.filter((v) => v.baseline === 'known');
      const testcase: Record<string, unknown> = {
        '@_name': `${operation.id}.${check}`,
        '@_classname': `conformance.${operation.id}`,
        '@_time': '0',
      };
      if (failures.length > 0) {
        testcase.failure = failures.map((v) => ({
          '@_message': clean(`${v.title}: ${v.message}`),
          '@_type': check,
          '#text': clean(failureText(v)),
        }));
      } else if (known.length > 0) {
        testcase.skipped = {
          '@_message': clean(`known violation(s) in the baseline: ${known.map((v) => v.title).join('; ')}`),
        };
        testcase['system-out'] = clean(known.map(failureText).join('\n\n'));
      } else if (stats.outcome === 'skipped') {
        testcase.skipped = {
          '@_message': clean(
            operation.skipped ?? stats.reason ?? "no case of this operation meets the check's preconditions",
          ),
        };
      }
      return testcase;
    });
    const failed = cases.filter((c) => c.failure).length;
    const skipped = cases.filter((c) => c.skipped).length;
    return {
      '@_name': `${operation.method} ${operation.path}`,
      '@_tests': String(cases.length),
      '@_failures': String(failed),
      '@_errors': '0',
      '@_skipped': String(skipped),
      '@_time': '0',
      testcase: cases,
    };
  });
  const total = (key: '@_tests' | '@_failures' | '@_skipped') =>
    String(suites.reduce((sum, s) => sum + Number(s[key]), 0));
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    processEntities: true,
    suppressEmptyNode: true,
  });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': 'pet-catalog-conformance',
      '@_tests': total('@_tests'),
      '@_failures': total('@_failures'),
      '@_errors': '0',
      '@_skipped': total('@_skipped'),
      '@_time': (result.durationMs / 1000).toFixed(3),
      testsuite: suites,
    },
  }) as string;
}
