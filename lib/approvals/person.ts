"use client";

import { useSyncExternalStore } from "react";

// This browser's settings for people in the loop, kept in localStorage: the
// name decisions are recorded under (the CLI has ARBOR_USER), and whether a
// run that needs a decision, finishes or fails is announced by a
// notification and a sound. Read outside React too (the notifier).

export type AttentionSettings = { name: string; notify: boolean; sound: boolean };

const KEY = "arbor.attention";
const DEFAULTS: AttentionSettings = { name: "", notify: false, sound: false };
const listeners = new Set<() => void>();
let cached: AttentionSettings | null = null;

export function readAttentionSettings(): AttentionSettings {
  if (cached) return cached;
  try {
    const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(KEY);
    const parsed = stored ? (JSON.parse(stored) as Partial<AttentionSettings>) : {};
    cached = {
      name: typeof parsed.name === "string" ? parsed.name.slice(0, 100) : "",
      notify: parsed.notify === true,
      sound: parsed.sound === true,
    };
  } catch {
    cached = DEFAULTS;
  }
  return cached;
}

export function saveAttentionSettings(change: Partial<AttentionSettings>): void {
  cached = { ...readAttentionSettings(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(cached));
  } catch {
    // Private mode or a full store: the settings hold for this page only.
  }
  for (const listener of listeners) listener();
}

export function useAttentionSettings(): AttentionSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readAttentionSettings,
    () => DEFAULTS,
  );
}
