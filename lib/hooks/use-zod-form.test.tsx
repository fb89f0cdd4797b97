import { act, renderHook } from "@testing-library/react";
import type { FormEvent } from "react";
import { z } from "zod";
import { ApiError } from "@/lib/api-error";
import { useZodForm } from "@/lib/hooks/use-zod-form";

const schema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  size: z.enum(["s", "m"], { error: "Pick a size" }),
});
const submitEvent = () => ({ preventDefault: jest.fn() }) as unknown as FormEvent<HTMLFormElement>;

function setup(onSubmit: (data: z.output<typeof schema>) => Promise<unknown>, initialValues = { name: "", size: "x" }) {
  document.body.innerHTML = '<input id="f-name" /><input id="f-size" />';
  return renderHook(() => useZodForm({ schema, initialValues, onSubmit, fieldOrder: ["name", "size"], fieldId: (field) => `f-${field}` }));
}

describe("useZodForm", () => {
  it("shows the schema's errors per field, focuses the first in field order, and does not submit", async () => {
    const onSubmit = jest.fn();
    const { result } = setup(onSubmit);
    const event = submitEvent();
    await act(() => result.current.handleSubmit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: "Name is required", size: "Pick a size" });
    expect(document.activeElement?.id).toBe("f-name");
    expect(onSubmit).not.toHaveBeenCalled();

    // Editing a field clears its error only.
    act(() => result.current.set("name")("Ada"));
    expect(result.current.values.name).toBe("Ada");
    expect(result.current.errors).toEqual({ name: undefined, size: "Pick a size" });
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(document.activeElement?.id).toBe("f-size");
  });

  it("submits the parsed values and is pending until the submit settles", async () => {
    let finish!: () => void;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = setup(onSubmit, { name: "  Ada  ", size: "m" });
    let done!: Promise<void>;
    act(() => {
      done = result.current.handleSubmit(submitEvent());
    });
    expect(onSubmit).toHaveBeenCalledWith({ name: "Ada", size: "m" });
    expect(result.current.pending).toBe(true);
    // A second submit while the first runs is ignored.
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.formError).toBeNull();
  });

  it("puts the API's 422 field errors next to their fields and its message on the form", async () => {
    const onSubmit = jest.fn().mockRejectedValue(new ApiError("size: sold out", 422, "validation_failed", { fieldErrors: { size: ["sold out"] } }));
    const { result } = setup(onSubmit, { name: "Ada", size: "s" });
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(result.current.errors).toEqual({ size: "sold out" });
    expect(result.current.formError).toBe("size: sold out");
    expect(document.activeElement?.id).toBe("f-size");
    expect(result.current.pending).toBe(false);
  });
});
