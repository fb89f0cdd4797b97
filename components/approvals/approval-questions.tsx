"use client";

import type { Approval } from "@/lib/approvals/schema";
import { TextInput } from "@/components/ui/field";

/** Question text → the chosen option's label (or labels, comma-joined, for a multiple choice), or the person's own words. */
export type Answers = Record<string, string>;

type Question = NonNullable<Approval["detail"]>["questions"][number];

/** An agent's questions with their options (radio or checkboxes), and a field for an answer in the person's own words. */
export function ApprovalQuestions({
  questions,
  answers,
  onChange,
  disabled,
}: {
  questions: Question[];
  answers: Answers;
  onChange: (answers: Answers) => void;
  disabled: boolean;
}) {
  const set = (question: string, value: string) => onChange({ ...answers, [question]: value });
  return (
    <div className="mt-2 space-y-3">
      {questions.map((q, n) => {
        const chosen = (answers[q.question] ?? "").split(", ").filter(Boolean);
        const toggle = (label: string) => set(q.question, (chosen.includes(label) ? chosen.filter((c) => c !== label) : [...chosen, label]).join(", "));
        return (
          <fieldset key={q.question} className="space-y-1" disabled={disabled}>
            <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{q.question}</legend>
            {q.options.map((option) => (
              <label key={option.label} className="flex items-start gap-2 text-sm">
                <input
                  type={q.multiSelect ? "checkbox" : "radio"}
                  name={`question-${n}`}
                  checked={chosen.includes(option.label)}
                  onChange={() => (q.multiSelect ? toggle(option.label) : set(q.question, option.label))}
                  className="mt-1"
                />
                <span>
                  {option.label}
                  {option.description ? <span className="text-zinc-500"> — {option.description}</span> : null}
                </span>
              </label>
            ))}
            <TextInput
              aria-label={`Your own answer to: ${q.question}`}
              placeholder="Or answer in your own words"
              value={chosen.length === 0 || q.options.some((o) => o.label === answers[q.question]) ? "" : (answers[q.question] ?? "")}
              onChange={(e) => set(q.question, e.target.value)}
            />
          </fieldset>
        );
      })}
    </div>
  );
}
