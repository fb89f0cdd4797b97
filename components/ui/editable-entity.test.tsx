import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EditableEntity } from "@/components/ui/editable-entity";

function page() {
  return render(
    <EditableEntity
      list={{ label: "Specs", href: "/specs" }}
      id="SPEC-1"
      title="Login"
      editLabel="Edit spec"
      actions={<button type="button">Add to bundle</button>}
      meta={(editing) => <p>{editing ? "being edited" : "Created today"}</p>}
      view={<p>Sign in with a passkey.</p>}
      form={(close) => (
        <form aria-label="Edit spec">
          <button type="button" onClick={close}>
            Save changes
          </button>
        </form>
      )}
    >
      {(description) => (
        <>
          {description}
          <p>Issues of SPEC-1</p>
        </>
      )}
    </EditableEntity>,
  );
}

describe("EditableEntity", () => {
  it("shows the description, and its form in its place while editing, until the form closes", async () => {
    page();
    expect(screen.getByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Description" })).toHaveTextContent("Sign in with a passkey.");
    expect(screen.getByText("Created today")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Edit spec" }));
    expect(screen.getByRole("heading", { level: 1, name: "Edit SPEC-1" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Edit spec" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Description" })).toBeNull();
    // The header's actions wait until the form is closed; the rest of the page stays.
    expect(screen.queryByRole("button", { name: "Add to bundle" })).toBeNull();
    expect(screen.getByText("being edited")).toBeInTheDocument();
    expect(screen.getByText("Issues of SPEC-1")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(screen.getByRole("region", { name: "Description" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to bundle" })).toBeInTheDocument();
  });
});
