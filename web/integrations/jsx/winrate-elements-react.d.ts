// winrate-elements-react.d.ts — the winrate elements' JSX types for React 19,
// which reads JSX types from the react module (needs @types/react).
import type { WinrateIntrinsicElements } from './winrate-elements.js';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends WinrateIntrinsicElements {}
  }
}
