import { TextInput } from "@/components/ui/field";

/** A list page's search box: a search input with a label for screen readers. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <TextInput id={id} type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} className={className} />
    </>
  );
}
