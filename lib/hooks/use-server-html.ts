"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True while the server renders and while the browser hydrates that HTML;
 * false in renders made in the browser. A view drawn on the server from data
 * the browser then loads on its own (a page's early requests can answer in
 * the middle of hydration) renders as the server did until hydrated, or
 * React finds other HTML than it drew and throws the page's HTML away.
 */
export const useServerHtml = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
