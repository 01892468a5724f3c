// move-board.js — the solved position drawn as an SVG board with every legal
// move as an arrow: moves in the optimal proposal set bold, tied moves dashed,
// moves never proposed thin and faint. Clicking an arrow plays that move (the
// move list offers the same with the keyboard).
import { html } from '../deps.js';
import { pct } from '../lib/format.js';
import { cellName, NAMES, rcIndex } from './model.js';

const S = 100; // one cell in SVG units

export const STATUS_TEXT = { in: 'in the proposal set', tied: 'tied at the cut', out: 'not proposed' };

function arrowGeometry(m) {
  const x1 = m.from.col * S + S / 2;
  const y1 = m.from.row * S + S / 2;
  const dx = m.to.col - m.from.col;
  const dy = m.to.row - m.from.row;
  // Offset to the right of the direction of travel, so a->b and b->a sit side by side.
  const ox = -dy * 13;
  const oy = dx * 13;
  const sx = x1 + dx * 24 + ox;
  const sy = y1 + dy * 24 + oy;
  const tx = x1 + dx * 80 + ox; // tip, short of the target's centre
  const ty = y1 + dy * 80 + oy;
  const bx = tx - dx * 20;
  const by = ty - dy * 20;
  const head = `${tx},${ty} ${bx - dy * 10},${by + dx * 10} ${bx + dy * 10},${by - dx * 10}`;
  return { sx, sy, bx, by, head };
}

export function MoveBoard({ result: r, canPlay, onPlay, hover, setHover }) {
  const w = r.cols * S;
  const h = r.rows * S;
  const cells = r.board.join('').split('');
  const mover = NAMES[r.toMove];
  // Draw the faint moves first so the proposed ones sit on top.
  const order = r.moves.map((m, i) => ({ m, i })).sort((a, b) => rank(a.m.status) - rank(b.m.status));
  return html`
    <div class="move-board">
      <svg viewBox=${`-2 -2 ${w + 4} ${h + 4}`} role="img"
        aria-label=${`The position, ${r.rows} by ${r.cols}, ${mover} to move, with his ${r.moveCount} moves drawn on it (the move list below lists them)`}>
        ${cells.map((v, i) => {
          const row = Math.floor(i / r.cols);
          const col = i % r.cols;
          return html`
            <g>
              <rect class=${`sq ${(row + col) % 2 ? 'dark' : 'light'}`} x=${col * S} y=${row * S} width=${S} height=${S} />
              ${v === '.' ? null : html`
                <circle class=${`disc ${v}`} cx=${col * S + S / 2} cy=${row * S + S / 2} r="30" />
                <text class=${`disc-label ${v}`} x=${col * S + S / 2} y=${row * S + S / 2}>${v}</text>`}
            </g>`;
        })}
        ${order.map(({ m, i }) => {
          const g = arrowGeometry(m);
          const from = cellName(r.cols, rcIndex(r.cols, m.from));
          const to = cellName(r.cols, rcIndex(r.cols, m.to));
          return html`
            <g class=${`arrow ${m.status}${hover === i ? ' hover' : ''}${canPlay ? ' playable' : ''}`}
              data-testid=${`arrow-${from}-${to}`}
              onClick=${canPlay ? () => onPlay(m) : undefined}
              onPointerEnter=${() => setHover(i)} onPointerLeave=${() => setHover(null)}>
              <title>${from} → ${to}: ${pct(m.value)} for ${mover}, ${STATUS_TEXT[m.status]}${canPlay ? ' (click to play)' : ''}</title>
              <line class="hit" x1=${g.sx} y1=${g.sy} x2=${g.bx} y2=${g.by} />
              <line class="shaft" x1=${g.sx} y1=${g.sy} x2=${g.bx} y2=${g.by} />
              <polygon class="head" points=${g.head} />
            </g>`;
        })}
      </svg>
      <ul class="legend-keys" aria-hidden="true">
        <li><span class="key in"></span>proposed</li>
        <li><span class="key tied"></span>tied at the cut</li>
        <li><span class="key out"></span>not proposed</li>
      </ul>
    </div>`;
}

function rank(status) {
  return status === 'out' ? 0 : status === 'tied' ? 1 : 2;
}
