import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import yaml from "js-yaml";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { officialSchemaDir } from "./open-delivery-spec";
import { pointerErrors } from "./openapi-pointer";

// Open Delivery 2.0 rc.2's OpenAPI documents (../shared/spec/open-delivery-v2/*.openapi.yaml,
// found as ./open-delivery-spec.ts finds the 1.x files), to check any 2.0 request or answer —
// either side of the protocol — against what the document declares for it: an operation's
// answer for a status (an undeclared status is an error itself, so is a body where the document
// declares none), a request body, a webhook's body, a component schema. Without the documents
// every check passes and `v2DocumentsFound` is false, for tests to skip with a sentence.

export type V2Document = "orders" | "authentication" | "discovery" | "merchant" | "logistics";

const V2_DIR = path.join(path.dirname(officialSchemaDir), "open-delivery-v2");
const fileOf = (name: V2Document) => path.join(V2_DIR, `${name}.openapi.yaml`);
export const v2DocumentsFound = (["orders", "authentication", "discovery"] as const).every((name) =>
  existsSync(fileOf(name)),
);

type Loaded = { ajv: Ajv; doc: Record<string, unknown>; compiled: Map<string, ValidateFunction> };
const loaded = new Map<V2Document, Loaded>();

function load(name: V2Document): Loaded {
  const cached = loaded.get(name);
  if (cached) return cached;
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  // The documents' own formats (decimal, float, double) describe numbers; the types still apply.
  ajv.addFormat("decimal", true).addFormat("float", true).addFormat("double", true);
  addFormats(ajv);
  // OpenAPI's discriminator is not JSON Schema; the oneOf it annotates is checked as written.
  const doc = JSON.parse(JSON.stringify(yaml.load(readFileSync(fileOf(name), "utf8"))), (key, value: unknown) =>
    key === "discriminator" ? undefined : value,
  ) as Record<string, unknown>;
  ajv.addSchema({ $id: "openapi", components: doc.components, paths: doc.paths, webhooks: doc.webhooks });
  const entry = { ajv, doc, compiled: new Map<string, ValidateFunction>() };
  loaded.set(name, entry);
  return entry;
}

const token = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");
const JSON_TYPE = token("application/json");

/** Follows a `$ref` to '#/components/…' within the document (one level, as the documents use it). */
function resolve(doc: Record<string, unknown>, node: unknown): { node: unknown; pointer?: string } {
  const ref = (node as { $ref?: string } | undefined)?.$ref;
  if (!ref?.startsWith("#/")) return { node };
  let target: unknown = doc;
  for (const part of ref.slice(2).split("/")) target = (target as Record<string, unknown> | undefined)?.[part];
  return { node: target, pointer: ref.slice(1) };
}

const errorsAt = (name: V2Document, pointer: string, label: string, body: unknown): string[] =>
  pointerErrors(load(name), pointer, `${name} ${label}`, body);

function operation(name: V2Document, route: string, method: string) {
  const { doc } = load(name);
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  return paths[route]?.[method.toLowerCase()] as
    { responses?: Record<string, unknown>; requestBody?: unknown } | undefined;
}

/**
 * Errors of an answer against the operation's declared response for that status: an undeclared
 * route or status is an error; a declared body schema must match; no declared content means no body
 * (`body` undefined).
 */
export function v2ResponseErrors(
  name: V2Document,
  route: string,
  method: string,
  status: number,
  body: unknown,
): string[] {
  if (!v2DocumentsFound) return [];
  const label = `${method} ${route} ${status}`;
  const op = operation(name, route, method);
  if (!op) return [`${name} declares no ${method} ${route}`];
  const declared = op.responses?.[String(status)];
  if (!declared) return [`${name} ${label}: status not declared`];
  const { doc } = load(name);
  const { node, pointer } = resolve(doc, declared);
  const content = (node as { content?: Record<string, unknown> }).content;
  if (!content?.["application/json"]) return body === undefined ? [] : [`${name} ${label}: declares no body`];
  const base = pointer ?? `/paths/${token(route)}/${method.toLowerCase()}/responses/${status}`;
  return errorsAt(name, `${base}/content/${JSON_TYPE}/schema`, label, body);
}

/** Errors of a request body against the operation's declared JSON request body. */
export function v2RequestErrors(name: V2Document, route: string, method: string, body: unknown): string[] {
  if (!v2DocumentsFound) return [];
  const op = operation(name, route, method);
  if (!op) return [`${name} declares no ${method} ${route}`];
  if (!op.requestBody) return body === undefined ? [] : [`${name} ${method} ${route}: declares no request body`];
  return errorsAt(
    name,
    `/paths/${token(route)}/${method.toLowerCase()}/requestBody/content/${JSON_TYPE}/schema`,
    `${method} ${route} request`,
    body,
  );
}

/** Errors of a webhook's body (e.g. orders' `orderEvent`) against the document. */
export function v2WebhookErrors(name: V2Document, webhook: string, body: unknown): string[] {
  if (!v2DocumentsFound) return [];
  return errorsAt(name, `/webhooks/${token(webhook)}/post/requestBody/content/${JSON_TYPE}/schema`, webhook, body);
}

/** Errors against a component schema (e.g. orders' "Order"). */
export function v2SchemaErrors(name: V2Document, schema: string, body: unknown): string[] {
  if (!v2DocumentsFound) return [];
  return errorsAt(name, `/components/schemas/${token(schema)}`, schema, body);
}
