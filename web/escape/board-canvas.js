// board-canvas.js — draws an escape board on a canvas: cells, an optional
// colour map of Grundy values, tokens, arrows, highlighted targets and a
// keyboard cursor. A canvas keeps a 1000 x 1000 board cheap: below a few
// pixels per cell it paints one pixel per cell and lets CSS scale it up.
// Colours are the CSS variables of escape.css, resolved for the current theme.
import { html, useEffect, useRef, useState } from '../deps.js';
import { arrowPoints, BoardSketch, SKETCH_CELLS } from './board-sketch.js';

const MAX_CELL = 44; // px per cell at most
const PIXEL_MODE = 4; // below this many px per cell, one pixel per cell

const COLOR_VARS = ['--floor', '--wall', '--exit', '--exit-ink', '--g0', '--g1', '--g2', '--g3', '--g4',
  '--g-ink', '--token', '--token-ink', '--token-ring', '--arrow', '--gridline', '--focus', '--target'];

/** Resolves CSS variables (light-dark() included) to rgb() strings through probe elements:
 * all of them in the page before the first read, so the style is computed once, not per colour. */
function resolveColors(el) {
  const box = document.createElement('span');
  box.hidden = true;
  const probes = COLOR_VARS.map((v) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${v})`;
    return box.appendChild(probe);
  });
  el.appendChild(box);
  const out = {};
  COLOR_VARS.forEach((v, i) => { out[v.slice(2)] = getComputedStyle(probes[i]).color; });
  box.remove();
  return out;
}

function rgbOf(css) {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(css);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [128, 128, 128];
}

/** Redraws when the system theme changes (the colours are resolved at draw time). */
function useThemeTick() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const mq = matchMedia('(prefers-color-scheme: dark)');
    const on = () => setTick((t) => t + 1);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return tick;
}

function useWidth(ref) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);
  return width;
}

function fillColor(col, ch, g) {
  if (ch === '#') return col.wall;
  if (ch === 'E') return col.exit;
  if (g !== undefined && g >= '0' && g <= '4') return col[`g${g}`];
  return col.floor;
}

function drawPixels(ctx, p) {
  const { rows, cols, cells, grundy, tokens, col } = p;
  // One 32-bit colour per cell kind, looked up by character code.
  const img = ctx.createImageData(cols, rows);
  const px = new Uint32Array(img.data.buffer);
  const pack = (css) => { const [R, G, B] = rgbOf(css); return (255 << 24 | B << 16 | G << 8 | R) >>> 0; };
  const lut = new Uint32Array(128).fill(pack(col.floor));
  lut[35] = pack(col.wall); // '#'
  lut[69] = pack(col.exit); // 'E'
  for (let g = 0; g < 5; g++) lut[48 + g] = pack(col[`g${g}`]);
  const token = pack(col.token);
  lut[84] = tokens ? lut[46] : token; // 'T'
  for (let r = 0; r < rows; r++) {
    const gRow = grundy?.[r];
    const base = r * cols;
    for (let c = 0; c < cols; c++) {
      const ch = cells.charCodeAt(base + c);
      px[base + c] = gRow && ch !== 35 && ch !== 69 && !(ch === 84 && !tokens) ? lut[gRow.charCodeAt(c)] : lut[ch];
    }
  }
  for (const t of tokens ?? []) px[t.row * cols + t.col] = token;
  ctx.putImageData(img, 0, 0);
}

function drawArrow(ctx, cs, a, color) {
  const { line, head } = arrowPoints(a, cs, Math.max(3, cs * 0.2));
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = Math.max(1.5, cs * 0.09);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(...line[0]);
  ctx.lineTo(...line[1]);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(...head[0]);
  ctx.lineTo(...head[1]);
  ctx.lineTo(...head[2]);
  ctx.closePath();
  ctx.fill();
}

function drawCells(ctx, p, cs) {
  const { rows, cols, cells, grundy, col, showDigits } = p;
  const font = `600 ${Math.round(cs * 0.42)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let r = 0; r < rows; r++) {
    const gRow = grundy?.[r];
    for (let c = 0; c < cols; c++) {
      const ch = cells[r * cols + c];
      const g = gRow?.[c];
      ctx.fillStyle = fillColor(col, ch, g);
      ctx.fillRect(c * cs, r * cs, cs, cs);
      if (ch === 'E' && cs >= 12) {
        ctx.strokeStyle = col['exit-ink'];
        ctx.lineWidth = Math.max(1, cs * 0.07);
        const m = cs * 0.24;
        ctx.strokeRect(c * cs + m, r * cs + m * 0.8, cs - 2 * m, cs - 1.6 * m);
        ctx.fillStyle = col['exit-ink'];
        ctx.font = `700 ${Math.round(cs * 0.36)}px system-ui, sans-serif`;
        ctx.fillText('E', (c + 0.5) * cs, (r + 0.52) * cs);
      } else if (ch === '#' && cs >= 10) {
        ctx.strokeStyle = col.gridline;
        ctx.lineWidth = 1;
        ctx.beginPath();
        for (let t = 0.25; t < 1; t += 0.25) {
          ctx.moveTo(c * cs + t * cs, r * cs + cs);
          ctx.lineTo(c * cs + cs, r * cs + t * cs);
        }
        ctx.stroke();
      } else if (showDigits && g >= '0' && g <= '4' && cs >= 16) {
        ctx.fillStyle = col['g-ink'];
        ctx.font = font;
        ctx.fillText(g, (c + 0.5) * cs, (r + 0.54) * cs);
      }
    }
  }
  if (cs >= 6) {
    ctx.strokeStyle = col.gridline;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 0; r <= rows; r++) { ctx.moveTo(0, r * cs + 0.5); ctx.lineTo(cols * cs, r * cs + 0.5); }
    for (let c = 0; c <= cols; c++) { ctx.moveTo(c * cs + 0.5, 0); ctx.lineTo(c * cs + 0.5, rows * cs); }
    ctx.stroke();
  }
}

function drawTokens(ctx, p, cs) {
  const { rows, cols, cells, col } = p;
  let tokens = p.tokens;
  if (!tokens) {
    tokens = [];
    for (let i = cells.indexOf('T'); i !== -1; i = cells.indexOf('T', i + 1)) tokens.push({ row: Math.floor(i / cols), col: i % cols });
  }
  const byCell = new Map();
  for (const t of tokens) {
    const key = t.row * cols + t.col;
    if (!byCell.has(key)) byCell.set(key, []);
    byCell.get(key).push(t);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const [key, group] of byCell) {
    const r = Math.floor(key / cols);
    const c = key % cols;
    if (r >= rows) continue;
    const t = group.find((x) => x.selected) ?? group[0];
    const x = (c + 0.5) * cs;
    const y = (r + 0.5) * cs;
    const rad = cs * 0.33;
    if (group.some((g) => g.selected)) {
      ctx.strokeStyle = col.focus;
      ctx.lineWidth = Math.max(2, cs * 0.09);
      ctx.beginPath();
      ctx.arc(x, y, rad + cs * 0.1, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.fillStyle = col.token;
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, 2 * Math.PI);
    ctx.fill();
    if (cs >= 10) {
      ctx.strokeStyle = col['token-ring'];
      ctx.lineWidth = Math.max(1, cs * 0.05);
      ctx.stroke();
    }
    if (t.label !== undefined && cs >= 18) {
      const s = String(t.label);
      ctx.fillStyle = col['token-ink'];
      ctx.font = `700 ${Math.round(cs * (s.length > 3 ? 0.24 : 0.34))}px system-ui, sans-serif`;
      ctx.fillText(s.length > 5 ? `${s.slice(0, 4)}…` : s, x, y + cs * 0.02);
    }
    if (group.length > 1 && cs >= 18) {
      ctx.fillStyle = col.focus;
      ctx.font = `700 ${Math.round(cs * 0.26)}px system-ui, sans-serif`;
      ctx.fillText(`×${group.length}`, (c + 0.8) * cs, (r + 0.18) * cs);
    }
  }
}

/** The canvas's size before its box is measured (the prerendered view, make site, and the first frame): the
 * measured size without the rounding to whole pixels per cell, so the page does not jump once it is known. */
function unmeasured(rows, cols, maxH) {
  return { width: `min(100%, ${cols * MAX_CELL}px, ${(maxH * cols) / rows}px)`, aspectRatio: `${cols} / ${rows}` };
}

/**
 * Props: rows, cols, cells (row-major E/T/#/.); grundy (R strings) to colour
 * cells by value; tokens [{row,col,label,selected}] to draw instead of the T
 * cells; arrows [{row,col,toRow,toCol}]; targets [{row,col}]; cursor {row,col}
 * (drawn while focused); label (its accessible name); onCell(row, col, phase)
 * with phase 'down' | 'move' | 'up'; onKeyDown; interactive (focusable).
 */
export function BoardCanvas(p) {
  const { rows, cols, label, interactive = false, onCell, onKeyDown, describedBy, testid } = p;
  const wrap = useRef(null);
  const canvas = useRef(null);
  const width = useWidth(wrap);
  const theme = useThemeTick();
  const [focused, setFocused] = useState(false);
  const down = useRef(false);

  const maxH = Math.max(260, (typeof innerHeight === 'number' ? innerHeight : 800) * 0.7);
  const fit = width > 0 ? Math.min(width / cols, maxH / rows, MAX_CELL) : 0;
  const pixel = fit > 0 && fit < PIXEL_MODE;
  const cs = pixel ? fit : Math.floor(fit);
  const cssW = cs * cols;
  const cssH = cs * rows;
  const box = width > 0 ? null : unmeasured(rows, cols, maxH); // not measured yet: the canvas's and the sketch's

  useEffect(() => {
    const cv = canvas.current;
    if (!cv || cs <= 0) return;
    const col = resolveColors(wrap.current);
    const ctx = cv.getContext('2d');
    if (pixel) {
      cv.width = cols;
      cv.height = rows;
      drawPixels(ctx, { ...p, col });
      return;
    }
    const dpr = Math.min(3, devicePixelRatio || 1);
    cv.width = Math.round(cssW * dpr);
    cv.height = Math.round(cssH * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssW, cssH);
    const q = { ...p, col };
    drawCells(ctx, q, cs);
    for (const t of p.targets ?? []) {
      ctx.strokeStyle = col.target;
      ctx.lineWidth = Math.max(2, cs * 0.08);
      ctx.setLineDash([cs * 0.15, cs * 0.1]);
      ctx.strokeRect(t.col * cs + cs * 0.1, t.row * cs + cs * 0.1, cs * 0.8, cs * 0.8);
      ctx.setLineDash([]);
    }
    drawTokens(ctx, q, cs);
    const arrows = p.arrows ?? [];
    for (let i = 0; i < Math.min(arrows.length, 4000); i++) drawArrow(ctx, cs, arrows[i], col.arrow);
    if (p.cursor && (focused || p.showCursor)) {
      ctx.strokeStyle = col.focus;
      ctx.lineWidth = 3;
      ctx.strokeRect(p.cursor.col * cs + 1.5, p.cursor.row * cs + 1.5, cs - 3, cs - 3);
    }
  });
  void theme;

  const cellAt = (e) => {
    const rect = canvas.current.getBoundingClientRect();
    const c = Math.floor(((e.clientX - rect.left) / rect.width) * cols);
    const r = Math.floor(((e.clientY - rect.top) / rect.height) * rows);
    return r >= 0 && c >= 0 && r < rows && c < cols ? [r, c] : null;
  };
  const pointer = (phase) => (e) => {
    if (!onCell) return;
    if (phase === 'down') {
      if (e.button !== 0) return;
      e.preventDefault();
      canvas.current.focus();
      canvas.current.setPointerCapture?.(e.pointerId);
      down.current = true;
    } else if (!down.current) return;
    if (phase === 'up') down.current = false;
    const at = cellAt(e);
    if (at) onCell(at[0], at[1], phase);
    else if (phase === 'up') onCell(-1, -1, 'up');
  };

  return html`
    <div class="board-wrap" ref=${wrap}>
      <canvas ref=${canvas} class=${`board-canvas${pixel ? ' pixel' : ''}${p.paint ? ' paint' : ''}`} width="1" height="1"
        style=${box ?? { width: `${cssW}px`, height: `${cssH}px` }}
        role=${interactive ? 'application' : 'img'} aria-roledescription=${interactive ? 'board' : undefined} aria-label=${label} aria-describedby=${describedBy}
        data-testid=${testid} data-rows=${rows} data-cols=${cols}
        tabindex=${interactive ? 0 : undefined}
        onPointerDown=${pointer('down')} onPointerMove=${pointer('move')} onPointerUp=${pointer('up')}
        onPointerCancel=${pointer('up')}
        onKeyDown=${onKeyDown} onFocus=${() => setFocused(true)} onBlur=${() => setFocused(false)}></canvas>
      ${box && rows * cols <= SKETCH_CELLS ? html`<${BoardSketch} ...${p} style=${box} />` : null}
    </div>
    ${pixel && p.arrows?.length ? html`<p class="hint">At this size the cells are too small for arrows; the moves are listed below.</p>` : null}`;
}
