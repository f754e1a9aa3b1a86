import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { fieldStyle, inputStyle, labelStyle, mutedStyle } from '../../../ui/styles';
import { useUniqueId } from '../../../ui/useUniqueId';

const m = portalAdmin.users;

/** The text of a member's customData as the field shows it. */
export const customDataText = (data: Record<string, unknown> | undefined) =>
  JSON.stringify(data ?? {}, null, 2);

/** The object the field's text names (blank: `{}`), or null when it is not a JSON object. */
export function parseCustomData(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A member's customData (the client SDK's ITeamUser.customData, set with teams.updateUser). */
export function CustomDataField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
}) {
  const id = useUniqueId();
  return (
    <div css={fieldStyle}>
      <label htmlFor={id} css={labelStyle}>
        {m.customData}
      </label>
      <textarea
        id={id}
        css={inputStyle}
        rows={4}
        value={value}
        maxLength={8000}
        part="input user-custom-data"
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} css={mutedStyle}>
        {m.customDataHint}
      </p>
    </div>
  );
}
