// grid-nav.js — arrow-key movement between the cells of a board grid (a
// roving tabindex: one cell is in the Tab order, the arrows move focus).
// Shared by the board editors; the cells are plain buttons.

/**
 * The cell index an arrow / Home / End key moves to from `index` on a
 * rows x cols grid (row-major), or null for any other key. Home/End go to the
 * row's ends; Ctrl+Home/End to the grid's first and last cells.
 */
export function gridTarget(key, index, rows, cols, ctrl = false) {
  const r = Math.floor(index / cols);
  const c = index % cols;
  switch (key) {
    case 'ArrowUp': return r > 0 ? index - cols : index;
    case 'ArrowDown': return r < rows - 1 ? index + cols : index;
    case 'ArrowLeft': return c > 0 ? index - 1 : index;
    case 'ArrowRight': return c < cols - 1 ? index + 1 : index;
    case 'Home': return ctrl ? 0 : r * cols;
    case 'End': return ctrl ? rows * cols - 1 : r * cols + cols - 1;
    default: return null;
  }
}

/**
 * A keydown handler for a grid container: moves focus to the target cell,
 * found as the element with data-cell="<index>" inside the container.
 * onMove(index) lets the caller keep its roving tabindex in step.
 */
export function onGridKeyDown(event, rows, cols, onMove) {
  const cell = event.target.closest?.('[data-cell]');
  if (!cell) return;
  const to = gridTarget(event.key, Number(cell.dataset.cell), rows, cols, event.ctrlKey || event.metaKey);
  if (to === null) return;
  event.preventDefault();
  onMove?.(to);
  event.currentTarget.querySelector(`[data-cell="${to}"]`)?.focus();
}
