// winrate-elements.d.ts — JSX types for the winrate custom elements, for TSX
// and MDX users (React, Preact, Astro, Docusaurus, Next). Reference it once:
//   /// <reference path="node_modules/winrate/dist/integrations/jsx/winrate-elements.d.ts" />
// then <winrate-dice input={"AA A D DD\n4 4\n"} digits="6" /> type-checks. React 19 reads
// JSX types from the react module: reference winrate-elements-react.d.ts instead.

interface WinrateElementAttributes {
  /** The contest text (the form for JSX and Markdown hosts); the element's children also work. */
  input?: string;
  view?: 'answer' | 'full';
  theme?: 'auto' | 'light' | 'dark';
  /** Decimals of the probabilities, 0 to 17. */
  digits?: number | `${number}`;
  id?: string;
  class?: string;
  className?: string;
  style?: unknown;
  children?: unknown;
  key?: string | number;
}

interface WinrateCodenamesAttributes extends WinrateElementAttributes {
  /** "own": a hint must cover one of the giver's own agents. */
  rule?: 'own';
}

export interface WinrateIntrinsicElements {
  'winrate-dice': WinrateElementAttributes;
  'winrate-hopchess': WinrateElementAttributes;
  'winrate-codenames': WinrateCodenamesAttributes;
  'winrate-escape': WinrateElementAttributes;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends WinrateIntrinsicElements {}
  }
}

export {};
