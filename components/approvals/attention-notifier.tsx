"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { subscribeAttention, type AttentionEvent } from "@/lib/approvals/attention";
import { useApprovals } from "@/lib/approvals/hooks";
import { readAttentionSettings } from "@/lib/approvals/person";

// Mounted once for the whole app (app/providers.tsx): the tab's title counts
// what waits for a decision, and, when the person turned them on, a browser
// notification and a sound say that an agent needs them, finished or failed.

export function AttentionNotifier() {
  const router = useRouter();
  const pending = useApprovals({ status: "pending" }).data?.pendingCount ?? 0;

  // The tab's title counts what waits; Next sets each page's title as it navigates, so the count is put back whenever it changes.
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(/^\(\d+\) /, "");
      const wanted = pending > 0 ? `(${pending}) ${base}` : base;
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [pending]);

  useEffect(
    () =>
      subscribeAttention((event) => {
        const settings = readAttentionSettings();
        if (settings.sound) chime(event.kind === "approval" ? 880 : event.kind === "finished" ? 660 : 330);
        if (!settings.notify || typeof Notification === "undefined" || Notification.permission !== "granted") return;
        const { title, body } = describe(event);
        const notification = new Notification(title, { body, tag: `${event.kind}:${event.executionId}` });
        notification.onclick = () => {
          window.focus();
          router.push(`/executions/${event.executionId}`);
          notification.close();
        };
      }),
    [router],
  );
  return null;
}

function describe(event: AttentionEvent): { title: string; body: string } {
  if (event.kind === "approval") return { title: `An agent needs you (${event.issueId})`, body: event.summary };
  const refused = event.kind === "finished" && event.refusedActions ? ` — ${event.refusedActions} action${event.refusedActions === 1 ? "" : "s"} refused` : "";
  return { title: `${event.kind === "finished" ? "Run finished" : "Run failed"} (${event.issueId})${refused}`, body: event.prompt.slice(0, 160) };
}

/** A short tone (no sound file to load): high for a decision, lower for the end of a run. */
function chime(frequency: number): void {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.4);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.4);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio (autoplay refused before any click on the page): the notification still says it.
  }
}
