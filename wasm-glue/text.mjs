// text.mjs — each game's structured input written as its contest text (the
// formats of shared/games.md plus their extensions). The C parser is the one
// source of truth, so the structured API, the URL state and the editors all
// go through this text.

export const toText = {
  /** { faces: ['AA','A','D','-'], faces2?: [...], units: [u1, u2] } ('' or '-' is a blank face) */
  dice({ faces, faces2 = null, units }) {
    const die = (fs) => fs.map((f) => (f === '' ? '-' : f)).join(' ');
    const lines = [die(faces)];
    if (faces2) lines.push(die(faces2));
    lines.push(`${units[0]} ${units[1]}`);
    return lines.join('\n') + '\n';
  },

  /** { board: ['JJD', 'D.J'], aJ, aD, toMove?: 'J'|'D' } ('.' is an empty cell) */
  hopchess({ board, aJ, aD, toMove = 'J' }) {
    const cols = board.length ? board[0].length : 0;
    return `${board.length} ${cols}\n${board.join('\n')}\n${aJ} ${aD}${toMove === 'D' ? ' D' : ''}\n`;
  },

  /** { grid: ['T.E', '.#.'], k } */
  escape({ grid, k }) {
    const cols = grid.length ? grid[0].length : 0;
    return `${grid.length} ${cols} ${k}\n${grid.join('\n')}\n`;
  },

  /**
   * { team: 'R'|'B', words: [...], identities: ['R','B','I','A',...], revealed?: [bool...],
   *   hints: [{ label?, words: [...] }] } — a revealed card's identity is written lowercase.
   */
  codenames({ team, words, identities, revealed = [], hints }) {
    const ids = identities.map((id, i) => (revealed[i] ? id.toLowerCase() : id.toUpperCase()));
    const hintLines = hints.map((h) => `${h.label ? `${h.label}: ` : ''}${h.words.length} ${h.words.join(' ')}`);
    return [`${words.length} ${team}`, words.join(' '), ids.join(' '), String(hints.length), ...hintLines].join('\n') + '\n';
  },
};
