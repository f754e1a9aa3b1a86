import type { SelectHTMLAttributes } from 'react';
import { FormField } from './FormField';
import { css } from '@emotion/react';
import { inputStyle } from './styles';

/** A select is as wide as its longest option: never wider than its field (a long translation). */
const selectStyle = css({ maxWidth: '100%', minWidth: 0 });

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: Array<{ value: string; label: string }>;
  error?: string | null;
  hint?: string;
  partName?: string;
}

/** A labelled select (FormField); its error is tied to it like TextField's. */
export function SelectField({ label, options, error, hint, partName, ...selectProps }: SelectFieldProps) {
  return (
    <FormField label={label} description={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          css={[inputStyle, selectStyle]}
          part={partName ? `select ${partName}` : 'select'}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...selectProps}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
