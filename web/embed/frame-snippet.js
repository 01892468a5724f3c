// frame-snippet.js — the context through which a widget's element (element.js)
// tells its views what they need to offer the iframe snippet: { game, options }
// (the element's own attributes). Null outside an element (the app's own
// tools). The snippet itself is built where it is shown (widget-views.js), so
// the element does not load the snippet code before any widget needs it.
import { createContext } from '../deps.js';

export const FrameSnippet = createContext(null);
