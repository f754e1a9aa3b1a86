/** The parts the security page's policy forms share (./SessionSettings.tsx, ./GeneralSettings.tsx). */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import type { FieldAppearance } from '../../../../core/portal/appearance';
import { readableWidthStyle, sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import type { ToggledNumber } from './securityForm';

const toggledStyle = css({ display: 'flex', flexDirection: 'column', gap: '10px' });
const numberStyle = css({ maxWidth: '16em' });

/** A section of the page: its heading, description and form. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section css={[sectionStyle, readableWidthStyle]} aria-label={title}>
      <h3 css={sectionTitleStyle}>{title}</h3>
      <p css={mutedStyle}>{description}</p>
      {children}
    </section>
  );
}

/** A switch and the number it governs; the number is shown while the switch is on. */
export function ToggledField({
  label,
  valueLabel,
  field,
  error,
  look,
  onChange,
  partName,
}: {
  label: string;
  valueLabel: string;
  field: ToggledNumber;
  error: string | undefined;
  look: FieldAppearance;
  onChange: (field: ToggledNumber) => void;
  partName: string;
}) {
  const readOnly = look === 'viewOnly';
  return (
    <div css={toggledStyle}>
      <Switch
        checked={field.on}
        disabled={readOnly}
        partName={partName}
        onClick={() => onChange({ ...field, on: !field.on })}
      >
        {label}
      </Switch>
      {field.on && (
        <div css={numberStyle}>
          <TextField
            label={valueLabel}
            inputMode="numeric"
            value={field.value}
            readOnly={readOnly}
            aria-readonly={readOnly || undefined}
            error={error}
            partName={`${partName}-value`}
            onChange={(event) => onChange({ ...field, value: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}
