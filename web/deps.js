// deps.js — the one place that names where Preact and htm come from.
// The source names pinned CDN builds; `make site` (and so `make run`, `make dist`
// and the tests) rewrites these three URLs to the copies vendored from
// node_modules, so the served app needs no network. Keep the versions equal to
// package.json's.
import { h, render, Fragment, createContext } from 'https://esm.sh/preact@10.29.8';
import {
  useState, useEffect, useLayoutEffect, useRef, useMemo, useCallback, useId, useContext,
} from 'https://esm.sh/preact@10.29.8/hooks';
import htm from 'https://esm.sh/htm@3.1.1';

export const html = htm.bind(h);
export {
  h, render, Fragment, createContext, useState, useEffect, useLayoutEffect, useRef, useMemo, useCallback, useId, useContext,
};
