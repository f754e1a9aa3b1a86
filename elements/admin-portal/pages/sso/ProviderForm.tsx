import { type ReactNode } from 'react';
import { Alert } from '../../../ui/Alert';
import { formStyle } from '../../../ui/styles';
import { SaveRow } from './SaveRow';
import { type useProviderForm } from './useProviderForm';

/** A provider's settings form: its fields, the save's error above them, Save and its status under them. */
export function ProviderForm({
  provider,
  part,
  canWrite,
  children,
}: {
  provider: ReturnType<typeof useProviderForm>;
  part: string;
  canWrite: boolean;
  children: ReactNode;
}) {
  return (
    <form
      css={formStyle}
      noValidate
      part={part}
      onSubmit={(e) => {
        e.preventDefault();
        provider.save();
      }}
    >
      {provider.submit.error && <Alert>{provider.submit.error}</Alert>}
      {children}
      {canWrite && (
        <SaveRow
          busy={provider.submit.busy}
          status={provider.status}
          onDismiss={() => provider.setStatus(null)}
        />
      )}
    </form>
  );
}
