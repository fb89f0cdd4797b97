"use client";

import { useEffect, useState } from "react";
import { saveAttentionSettings, useAttentionSettings } from "@/lib/approvals/person";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";

/**
 * This browser's settings for being told: notifications (the browser asks
 * for permission once, on this click), a sound, and the name decisions made
 * here are recorded under.
 */
export function AttentionSettingsPanel() {
  const settings = useAttentionSettings();
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">("default");
  useEffect(() => setPermission(typeof Notification === "undefined" ? "unsupported" : Notification.permission), []);

  const turnOnNotifications = async () => {
    if (typeof Notification === "undefined") return;
    const answer = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
    setPermission(answer);
    saveAttentionSettings({ notify: answer === "granted" });
  };

  return (
    <details className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
      <summary className="cursor-pointer font-medium">How you are told</summary>
      <div className="mt-3 flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          {settings.notify && permission === "granted" ? (
            <>
              <span>Browser notifications are on.</span>
              <Button size="sm" variant="secondary" onClick={() => saveAttentionSettings({ notify: false })}>
                Turn them off
              </Button>
            </>
          ) : permission === "denied" ? (
            <span>This browser blocks Arbor's notifications; allow them in its site settings.</span>
          ) : permission === "unsupported" ? (
            <span>This browser has no notifications.</span>
          ) : (
            <Button size="sm" variant="secondary" onClick={turnOnNotifications}>
              Notify me when an agent needs me, finishes or fails
            </Button>
          )}
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={settings.sound} onChange={(e) => saveAttentionSettings({ sound: e.target.checked })} />
          Play a sound too
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="attention-name">Your name in the record of decisions</label>
          <TextInput
            id="attention-name"
            className="w-48"
            value={settings.name}
            maxLength={100}
            placeholder="e.g. ada"
            onChange={(e) => saveAttentionSettings({ name: e.target.value })}
          />
        </div>
      </div>
    </details>
  );
}
