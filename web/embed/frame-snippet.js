// frame-snippet.js — the context through which a widget's element (element.js)
// gives its views the iframe snippet for a text: (text) => '<iframe ...>'.
// Null outside an element (the app's own tools).
import { createContext } from '../deps.js';

export const FrameSnippet = createContext(null);
