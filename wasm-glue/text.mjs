// text.mjs — each game's structured input written as its contest text (the
// formats of shared/games.md). The C parser is the one source of truth, so the
// structured API, the URL state and the editors all go through this text.

export const toText = {
  /** { faces: ['AA','A','D','-'], faces2?: [...], units: [u1, u2] } */
  dice({ faces, faces2 = null, units }) {
    const die = (fs) => fs.map((f) => (f === '' ? '-' : f)).join(' ');
    const lines = [die(faces)];
    if (faces2) lines.push(die(faces2));
    lines.push(`${units[0]} ${units[1]}`);
    return lines.join('\n') + '\n';
  },
};
