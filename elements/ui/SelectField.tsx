import { useId, type SelectHTMLAttributes } from 'react';
import { fieldErrorStyle, fieldStyle, inputStyle, labelStyle } from './styles';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: Array<{ value: string; label: string }>;
  error?: string | null;
  partName?: string;
}

/** A labelled select; its error is tied to it like TextField's. */
export function SelectField({ label, options, error, partName, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div css={fieldStyle} part="field">
      <label htmlFor={id} css={labelStyle} part="label">
        {label}
      </label>
      <select
        id={id}
        css={inputStyle}
        part={partName ? `select ${partName}` : 'select'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} css={fieldErrorStyle} part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
