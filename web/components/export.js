// export.js — download buttons for a table (CSV) and for the whole analysis
// (JSON, the document the CLI's --json prints). The tool says which game and
// position through ExportContext, so every table below it names its file.
import { createContext, html, useContext } from '../deps.js';
import { download, exportName, toCsv } from '../lib/export.js';

/** { game, text }: the tool's game and its position's contest text. */
export const ExportContext = createContext(null);

function fileOf(ctx, what, ext) {
  return ctx ? exportName(ctx.game, ctx.text, what, ext) : `winrate-${what}.${ext}`;
}

/** what: the table's file tag (e.g. "survivors-1"); header and rows: the CSV; label: what the table is. */
export function CsvButton({ what, label, header, rows }) {
  const ctx = useContext(ExportContext);
  return html`<button type="button" class="link export-btn" data-export=${what}
    onClick=${() => download(fileOf(ctx, what, 'csv'), toCsv(header, rows()), 'text/csv')}>Download ${label} (CSV)</button>`;
}

/** The whole analysis as JSON. */
export function JsonButton({ result }) {
  const ctx = useContext(ExportContext);
  return html`<button type="button" class="link export-btn" data-export="analysis"
    onClick=${() => download(fileOf(ctx, 'analysis', 'json'), `${JSON.stringify(result)}\n`, 'application/json')}>Download the analysis (JSON)</button>`;
}
