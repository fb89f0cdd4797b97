"use client";

import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12">
      <ErrorAlert title="Something went wrong">{error.message || "An unexpected error occurred while showing this page."}</ErrorAlert>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
