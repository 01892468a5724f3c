// usage.tsx — the JSX declarations as a TSX/MDX user meets them (tsc only, never run).
/// <reference path="../../../web/integrations/jsx/winrate-elements.d.ts" />

export const post = (
  <article>
    <winrate-dice input={'- A D DD\n4 4\n'} digits="6" theme="dark" />
    <winrate-hopchess view="full">{'1 3\nJJD\n3 1\n'}</winrate-hopchess>
    <winrate-codenames input="2 R&#10;a b&#10;R B&#10;1&#10;1 b" rule="own" digits={6} />
    <winrate-escape id="e" input={'1 2 2\nTE\n'} />
    {/* @ts-expect-error: view is answer or full */}
    <winrate-dice view="huge" />
    {/* @ts-expect-error: the theme is auto, light or dark */}
    <winrate-escape theme="purple" />
    {/* @ts-expect-error: rule is a Codenames attribute */}
    <winrate-dice rule="own" />
    {/* @ts-expect-error: there is no such element */}
    <winrate-chess />
  </article>
);

declare global {
  // A host's own elements (a minimal JSX runtime for this check: no React types needed).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements { article: { children?: unknown } }
    type Element = unknown;
  }
}
