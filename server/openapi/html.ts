/**
 * A browsable page for the OpenAPI document, rendered on the server: the network may be closed, so
 * no documentation viewer is loaded from a CDN, and no script runs at all (the app's CSP allows
 * only same-origin scripts; inline styles are allowed). Tags, operations and schemas have anchors;
 * `<details>` folds the long parts without JavaScript.
 */

import type { HttpMethod } from '@contract/operations/define';
import type { OpenApiDocument, OperationObject, ParameterObject, ResponseObject } from './document';
import { COMPONENT_REF_PREFIX, type Schema } from './schemas';

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The little Markdown the descriptions use: `code`, *emphasis*, paragraphs. Escapes first. */
function inlineMarkdown(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>');
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${inlineMarkdown(p)}</p>`)
    .join('');
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const schemaAnchor = (name: string) => `schema-${slug(name)}`;

function refName(ref: string): string {
  return ref.startsWith(COMPONENT_REF_PREFIX) ? ref.slice(COMPONENT_REF_PREFIX.length) : ref;
}

function asSchema(value: unknown): Schema {
  return typeof value === 'object' && value !== null ? (value as Schema) : {};
}

/** One line describing a schema's type: `string (uuid)`, `Merchant`, `array of Transaction`, … */
function typeLabel(schema: Schema): string {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum)
    return `one of ${schema.enum.map((e) => `<code>${escapeHtml(JSON.stringify(e))}</code>`).join(', ')}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((s) => typeLabel(asSchema(s))).join(' or ');
  if (schema.type === 'array') {
    const items = Array.isArray(schema.items) ? {} : asSchema(schema.items);
    return `array of ${typeLabel(items)}`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const notes: string[] = [];
  if (schema.format) notes.push(schema.format);
  if (schema.pattern) notes.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.minLength !== undefined) notes.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) notes.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems}`);
  if (schema.default !== undefined)
    notes.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  return `${escapeHtml(type)}${notes.length > 0 ? ` <span class="note">(${notes.join(', ')})</span>` : ''}`;
}

/** The nested object whose properties an outline should list, looking through arrays and nullables. */
function objectOf(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items))
    return objectOf(asSchema(schema.items));
  for (const variant of schema.anyOf ?? []) {
    const found = objectOf(asSchema(variant));
    if (found) return found;
  }
  return undefined;
}

/** A nested list of properties; references stay links, so the outline never recurses endlessly. */
function outline(schema: Schema, depth = 0): string {
  const object = objectOf(schema);
  if (!object?.properties || depth > 6) return '';
  const required = new Set(object.required ?? []);
  const rows = Object.entries(object.properties).map(([name, value]) => {
    const property = asSchema(value);
    const flag = required.has(name)
      ? '<span class="req">required</span>'
      : '<span class="opt">optional</span>';
    const description = property.description ? ` — ${inlineMarkdown(property.description)}` : '';
    return `<li><code>${escapeHtml(name)}</code> ${flag}: ${typeLabel(property)}${description}${outline(property, depth + 1)}</li>`;
  });
  if (object.additionalProperties && typeof object.additionalProperties === 'object') {
    rows.push(`<li><em>any key</em>: ${typeLabel(asSchema(object.additionalProperties))}</li>`);
  }
  return `<ul class="props">${rows.join('')}</ul>`;
}

function schemaBlock(schema: Schema): string {
  return `<div class="schema">${typeLabel(schema)}${outline(schema)}</div>`;
}

function parametersTable(parameters: readonly ParameterObject[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><th scope="row"><code>${escapeHtml(p.name)}</code></th><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td>${typeLabel(p.schema)}${p.description ? ` — ${inlineMarkdown(p.description)}` : ''}</td></tr>`,
    )
    .join('');
  return (
    '<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th>' +
    `<th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function contentBlocks(content: ResponseObject['content']): string {
  return Object.entries(content ?? {})
    .map(
      ([type, media]) =>
        `<p class="media"><code>${escapeHtml(type)}</code></p>${media.schema ? schemaBlock(media.schema) : ''}`,
    )
    .join('');
}

function responsesList(responses: OperationObject['responses']): string {
  const items = Object.entries(responses).map(([status, response]) => {
    const body = contentBlocks(response.content);
    const summary = `<span class="status s${status[0]}">${escapeHtml(status)}</span> ${inlineMarkdown(response.description)}`;
    // Error answers all share the error envelope: fold them, open the success answer.
    return `<li><details${status.startsWith('2') ? ' open' : ''}><summary>${summary}</summary>${body}</details></li>`;
  });
  return `<h4>Responses</h4><ul class="responses">${items.join('')}</ul>`;
}

function operationSection(method: HttpMethod, path: string, op: OperationObject): string {
  const security =
    op.security?.length === 0
      ? '<span class="badge public">public</span>'
      : '<span class="badge auth">bearer token</span>';
  const body = op.requestBody
    ? `<h4>Request body${op.requestBody.required ? '' : ' (optional)'}</h4>${contentBlocks(op.requestBody.content)}`
    : '';
  return (
    `<section class="op" id="${escapeHtml(op.operationId)}" aria-labelledby="${escapeHtml(op.operationId)}-h">` +
    `<h3 id="${escapeHtml(op.operationId)}-h"><span class="method m-${method}">${method.toUpperCase()}</span> ` +
    `<code>${escapeHtml(path)}</code> <span class="summary">${escapeHtml(op.summary)}</span> ${security}</h3>` +
    paragraphs(op.description) +
    parametersTable(op.parameters ?? []) +
    body +
    responsesList(op.responses) +
    '</section>'
  );
}

interface Entry {
  method: HttpMethod;
  path: string;
  op: OperationObject;
}

function operationsByTag(doc: OpenApiDocument): Map<string, Entry[]> {
  const byTag = new Map<string, Entry[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      for (const tag of op.tags) {
        const list = byTag.get(tag) ?? [];
        list.push({ method, path, op });
        byTag.set(tag, list);
      }
    }
  }
  return byTag;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1a1b1e;--muted:#5c5f66;--bg:#fff;--panel:#f6f7f9;--line:#dee2e6;--link:#1864ab;--ok:#237032;--bad:#c92a2a}
@media (prefers-color-scheme:dark){:root{--fg:#e9ecef;--muted:#adb5bd;--bg:#1a1b1e;--panel:#25262b;--line:#373a40;--link:#74c0fc;--ok:#69db7c;--bad:#ff8787}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}code{font:13px/1.4 ui-monospace,monospace;background:var(--panel);padding:0 .25em;border-radius:3px}
.layout{display:grid;grid-template-columns:minmax(14rem,18rem) 1fr;min-height:100vh}
nav{border-right:1px solid var(--line);padding:1rem;position:sticky;top:0;max-height:100vh;overflow:auto;background:var(--panel)}
nav ul{list-style:none;padding-left:.75rem;margin:.25rem 0 .75rem}nav li{margin:.15rem 0}nav a{text-decoration:none}
main{padding:1rem 2rem;max-width:72rem}h1{margin-top:0}h2{border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2.5rem}
.op{border:1px solid var(--line);border-radius:6px;padding:.75rem 1rem;margin:1rem 0}.op h3{margin:.25rem 0;font-size:1rem}
.method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;color:#fff;font-weight:700;font-size:.8rem;padding:.1em .4em}
.m-get{background:#1971c2}.m-post{background:#237032}.m-put{background:#a35200}.m-patch{background:#6741d9}.m-delete{background:#c92a2a}
.summary{font-weight:400}.badge{font-size:.75rem;border:1px solid var(--line);border-radius:99px;padding:0 .5em;font-weight:400;color:var(--muted)}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
.props{margin:.25rem 0;padding-left:1.25rem}.note,.opt{color:var(--muted);font-size:.85em}.req{color:var(--bad);font-size:.85em}
.responses{list-style:none;padding:0}.status{font-weight:700}.s2{color:var(--ok)}.s4,.s5{color:var(--bad)}.media{margin:.25rem 0}
summary{cursor:pointer}h4{margin:.75rem 0 .25rem}.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:1}
@media (max-width:48rem){.layout{grid-template-columns:1fr}nav{position:static;max-height:none;border-right:0}}
`;

export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = operationsByTag(doc);
  const nav = [...byTag]
    .map(([tag, entries]) => {
      const links = entries
        .map(
          (e) =>
            `<li><a href="#${escapeHtml(e.op.operationId)}">${e.method.toUpperCase()} ${escapeHtml(e.path)}</a></li>`,
        )
        .join('');
      return `<li><a href="#tag-${slug(tag)}">${escapeHtml(tag)}</a><ul>${links}</ul></li>`;
    })
    .join('');
  const sections = [...byTag]
    .map(
      ([tag, entries]) =>
        `<section aria-labelledby="tag-${slug(tag)}"><h2 id="tag-${slug(tag)}">${escapeHtml(tag)}</h2>` +
        entries.map((e) => operationSection(e.method, e.path, e.op)).join('') +
        '</section>',
    )
    .join('');
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<section class="op" id="${schemaAnchor(name)}"><h3><code>${escapeHtml(name)}</code></h3>${schemaBlock(schema)}</section>`,
    )
    .join('');
  const server = doc.servers[0]?.url ?? '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>${STYLE}</style>
</head>
<body>
<a href="#content" class="skip">Skip to content</a>
<div class="layout">
<nav aria-label="Operations"><strong>${escapeHtml(doc.info.title)}</strong><ul>${nav}<li><a href="#schemas">Schemas</a></li></ul></nav>
<main id="content">
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
${paragraphs(doc.info.description)}
<p>Base URL: <code>${escapeHtml(server)}</code>. OpenAPI ${escapeHtml(doc.openapi)} document: <a href="openapi.json">openapi.json</a>.
Authentication: HTTP bearer (JWT) on every operation not marked public.</p>
${sections}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas}</section>
</main>
</div>
</body>
</html>
`;
}
