// Swagger 2.0 turned into the OpenAPI 3.0 the rest of the kit reads: body and formData parameters
// become request bodies in the consumed media types, schemas are answered in the produced ones,
// host/basePath/schemes become servers, securityDefinitions security schemes, collectionFormat a
// style, x-nullable nullable, and every $ref follows its target to its new place. The input is
// validated (and bundled) first; the conversion keeps, for each converted place, the place it came
// from, so a later problem is reported where the author wrote it.
import { joinPointer } from '../contract-error.js';
import { deref } from '../json/refs.js';
import { HTTP_METHODS } from './http-methods.js';
import {
  COLLECTION_STYLE,
  movedRef,
  PARAMETER_SCHEMA_KEYWORDS,
  type PointerMap,
  securityScheme,
} from './swagger2-rules.js';

export { originalPointer, type PointerMap } from './swagger2-rules.js';

type Json = Record<string, unknown>;

export interface Converted {
  readonly api: Json;
  readonly origins: PointerMap;
}

export function isSwagger2(document: Json): boolean {
  return document.swagger === '2.0';
}

/** A bundled, validated Swagger 2.0 document as OpenAPI 3.0.3. */
export function convertSwagger2(swagger: Json): Converted {
  return new Conversion(swagger).run();
}

class Conversion {
  private readonly origins: Array<[string, string]> = [];
  private readonly bodyParameters: Set<string>;
  private readonly consumes: string[];
  private readonly produces: string[];

  constructor(private readonly swagger: Json) {
    const parameters = (swagger.parameters ?? {}) as Record<string, Json>;
    this.bodyParameters = new Set(Object.keys(parameters).filter((name) => parameters[name]?.in === 'body'));
    this.consumes = (swagger.consumes as string[] | undefined) ?? ['application/json'];
    this.produces = (swagger.produces as string[] | undefined) ?? ['application/json'];
  }

  run(): Converted {
    const s = this.swagger;
    const api: Json = { openapi: '3.0.3', info: s.info };
    const servers = this.servers();
    if (servers.length > 0) api.servers = servers;
    for (const key of ['tags', 'externalDocs', 'security']) if (s[key] !== undefined) api[key] = s[key];
    for (const [key, value] of Object.entries(s)) if (key.startsWith('x-')) api[key] = value;
    api.paths = this.paths();
    api.components = this.components();
    return { api, origins: this.origins.sort((a, b) => b[0].length - a[0].length) };
  }

  private origin(converted: string, original: string): void {
    this.origins.push([converted, original]);
  }

  private servers(): Json[] {
    const s = this.swagger;
    const basePath = typeof s.basePath === 'string' ? s.basePath : '';
    if (typeof s.host !== 'string') return basePath ? [{ url: basePath }] : [];
    const schemes = (s.schemes as string[] | undefined) ?? ['https'];
    return schemes.map((scheme) => ({ url: `${scheme}://${s.host}${basePath}` }));
  }

  /** A 2.0 schema with its refs moved, x-nullable as nullable and file as binary text. */
  private schema(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.schema(item));
    if (typeof node !== 'object' || node === null) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string') out.$ref = movedRef(value, this.bodyParameters);
      else if (key === 'x-nullable') out.nullable = value;
      else if (key === 'type' && value === 'file') Object.assign(out, { type: 'string', format: 'binary' });
      else if (key === 'discriminator' && typeof value === 'string') out.discriminator = { propertyName: value };
      else if (key === 'enum' || key === 'example' || key === 'default' || key === 'required') out[key] = value;
      else out[key] = this.schema(value);
    }
    return out;
  }

  /** The schema a non-body parameter (or a header) writes inline. */
  private inlineSchema(parameter: Json): Json {
    const schema: Json = {};
    for (const keyword of PARAMETER_SCHEMA_KEYWORDS) {
      if (parameter[keyword] === undefined) continue;
      schema[keyword] = keyword === 'items' ? this.inlineSchema(parameter.items as Json) : parameter[keyword];
    }
    if (schema.type === 'file') Object.assign(schema, { type: 'string', format: 'binary' });
    if (parameter['x-nullable'] === true) schema.nullable = true;
    return schema;
  }

  private parameter(raw: Json, converted: string, original: string): Json {
    if (typeof raw.$ref === 'string') return { $ref: movedRef(raw.$ref, this.bodyParameters) };
    const out: Json = { name: raw.name, in: raw.in };
    for (const key of ['description', 'required', 'allowEmptyValue', 'deprecated']) {
      if (raw[key] !== undefined) out[key] = raw[key];
    }
    for (const [key, value] of Object.entries(raw)) if (key.startsWith('x-') && key !== 'x-nullable') out[key] = value;
    out.schema = this.inlineSchema(raw);
    if (raw.type === 'array') {
      const format = COLLECTION_STYLE[String(raw.collectionFormat ?? 'csv')] ?? COLLECTION_STYLE.csv!;
      if (raw.in === 'query' || raw.in === 'cookie') Object.assign(out, format);
      else out.style = 'simple';
    }
    this.origin(`${converted}/schema`, original);
    return out;
  }

  private content(schema: unknown, types: readonly string[], converted: string, original: string): Json {
    const content: Json = {};
    for (const type of types) {
      content[type] = schema === undefined ? {} : { schema: this.schema(schema) };
      this.origin(joinPointer(converted, 'content', type, 'schema'), `${original}/schema`);
    }
    return content;
  }

  private requestBody(parameters: Json[], consumes: string[], converted: string, original: string): Json | undefined {
    const body = parameters.find((p) => p.in === 'body');
    if (body) {
      const index = parameters.indexOf(body);
      return {
        ...(body.description !== undefined ? { description: body.description } : {}),
        required: body.required === true,
        content: this.content(body.schema, consumes, converted, `${original}/${index}`),
      };
    }
    const fields = parameters.filter((p) => p.in === 'formData');
    if (fields.length === 0) return undefined;
    const multipart = fields.some((f) => f.type === 'file') || consumes.includes('multipart/form-data');
    const type = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
    const properties: Json = {};
    fields.forEach((field) => {
      properties[String(field.name)] = {
        ...this.inlineSchema(field),
        ...(field.description !== undefined ? { description: field.description } : {}),
      };
      const at = joinPointer(converted, 'content', type, 'schema', 'properties', String(field.name));
      this.origin(at, `${original}/${parameters.indexOf(field)}`);
    });
    const required = fields.filter((f) => f.required === true).map((f) => String(f.name));
    const schema: Json = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    return { required: required.length > 0, content: { [type]: { schema } } };
  }

  private response(raw: Json, produces: string[], converted: string, original: string): Json {
    if (typeof raw.$ref === 'string') return { $ref: movedRef(raw.$ref, this.bodyParameters) };
    const out: Json = { description: raw.description ?? '' };
    if (raw.schema !== undefined) {
      out.content = this.content(raw.schema, produces, converted, original);
      const examples = (raw.examples ?? {}) as Json;
      for (const [type, value] of Object.entries(examples)) {
        const media = (out.content as Record<string, Json>)[type];
        if (media) media.example = value;
      }
    }
    if (raw.headers) {
      out.headers = Object.fromEntries(
        Object.entries(raw.headers as Record<string, Json>).map(([name, header]) => [
          name,
          {
            ...(header.description !== undefined ? { description: header.description } : {}),
            schema: this.inlineSchema(header),
          },
        ]),
      );
    }
    for (const [key, value] of Object.entries(raw)) if (key.startsWith('x-')) out[key] = value;
    return out;
  }

  /** Path-level and operation-level parameters, each resolved where it is a $ref (body and form
   * fields are read from their targets, the others keep their $ref). */
  private operation(op: Json, pathParameters: Json[], converted: string, original: string): Json {
    const out: Json = {};
    for (const [key, value] of Object.entries(op)) {
      if (!['parameters', 'responses', 'consumes', 'produces', 'schemes'].includes(key)) out[key] = value;
    }
    const consumes = (op.consumes as string[] | undefined) ?? this.consumes;
    const produces = (op.produces as string[] | undefined) ?? this.produces;
    const own = ((op.parameters ?? []) as Json[]).map((p) => deref<Json>(this.swagger, p));
    const resolved = [...pathParameters.map((p) => deref<Json>(this.swagger, p)), ...own];
    const body = this.requestBody(own, consumes, `${converted}/requestBody`, `${original}/parameters`);
    if (body) out.requestBody = body;
    const parameters = ((op.parameters ?? []) as Json[])
      .map((raw, index) => ({ raw, resolved: own[index]!, index }))
      .filter(({ resolved }) => resolved.in !== 'body' && resolved.in !== 'formData')
      .map(({ raw, index }, at) =>
        this.parameter(raw, `${converted}/parameters/${at}`, `${original}/parameters/${index}`),
      );
    if (parameters.length > 0) out.parameters = parameters;
    if (!body && resolved.some((p) => p.in === 'body' || p.in === 'formData')) {
      const fromPath = this.requestBody(resolved, consumes, `${converted}/requestBody`, `${original}/parameters`);
      if (fromPath) out.requestBody = fromPath;
    }
    out.responses = Object.fromEntries(
      Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, response]) => [
        status,
        this.response(
          response,
          produces,
          joinPointer(converted, 'responses', status),
          joinPointer(original, 'responses', status),
        ),
      ]),
    );
    return out;
  }

  private paths(): Json {
    const paths: Json = {};
    for (const [path, rawItem] of Object.entries((this.swagger.paths ?? {}) as Record<string, Json>)) {
      const item = deref<Json>(this.swagger, rawItem);
      const at = joinPointer('', 'paths', path);
      const pathParameters = ((item.parameters ?? []) as Json[]).filter((p) => {
        const resolved = deref<Json>(this.swagger, p);
        return resolved.in !== 'body' && resolved.in !== 'formData';
      });
      const out: Json = {};
      for (const [key, value] of Object.entries(item)) {
        if ((HTTP_METHODS as readonly string[]).includes(key))
          out[key] = this.operation(value as Json, (item.parameters ?? []) as Json[], `${at}/${key}`, `${at}/${key}`);
        else if (key.startsWith('x-')) out[key] = value;
      }
      if (pathParameters.length > 0) {
        out.parameters = pathParameters.map((p, i) =>
          this.parameter(p, `${at}/parameters/${i}`, `${at}/parameters/${i}`),
        );
      }
      paths[path] = out;
      this.origin(at, at);
    }
    return paths;
  }

  private components(): Json {
    const s = this.swagger;
    const components: Json = {};
    const schemas = Object.fromEntries(
      Object.entries((s.definitions ?? {}) as Json).map(([name, schema]) => {
        this.origin(joinPointer('/components/schemas', name), joinPointer('/definitions', name));
        return [name, this.schema(schema)];
      }),
    );
    if (Object.keys(schemas).length > 0) components.schemas = schemas;
    const parameters: Json = {};
    const requestBodies: Json = {};
    for (const [name, parameter] of Object.entries((s.parameters ?? {}) as Record<string, Json>)) {
      const original = joinPointer('/parameters', name);
      if (parameter.in === 'body') {
        requestBodies[name] = this.requestBody(
          [parameter],
          this.consumes,
          joinPointer('/components/requestBodies', name),
          '/parameters',
        )!;
        this.origin(joinPointer('/components/requestBodies', name), original);
      } else if (parameter.in !== 'formData') {
        parameters[name] = this.parameter(parameter, joinPointer('/components/parameters', name), original);
      }
    }
    if (Object.keys(parameters).length > 0) components.parameters = parameters;
    if (Object.keys(requestBodies).length > 0) components.requestBodies = requestBodies;
    const responses = Object.fromEntries(
      Object.entries((s.responses ?? {}) as Record<string, Json>).map(([name, response]) => [
        name,
        this.response(
          response,
          this.produces,
          joinPointer('/components/responses', name),
          joinPointer('/responses', name),
        ),
      ]),
    );
    if (Object.keys(responses).length > 0) components.responses = responses;
    const schemes = Object.fromEntries(
      Object.entries((s.securityDefinitions ?? {}) as Record<string, Json>).map(([name, scheme]) => [
        name,
        securityScheme(scheme),
      ]),
    );
    if (Object.keys(schemes).length > 0) components.securitySchemes = schemes;
    return components;
  }
}
