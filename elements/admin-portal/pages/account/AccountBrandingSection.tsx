import { useState, type ChangeEvent } from 'react';
import type { AccountSettings, AccountSettingsUpdate } from '../../../../core/api/accountSettings';
import { errorMessage } from '../../../../core/api/errors';
import { errorText } from '../../../../core/contract/errors';
import { logoFileRefusal, metadataRefusal } from '../../../../core/domain/account-settings';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Section } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';

const t = portalAdmin.account;
type Entry = { key: string; value: string };

const entriesOf = (metadata: string | undefined): Entry[] => {
  try {
    return Object.entries(JSON.parse(metadata || '{}') as Record<string, string>).map(([key, value]) => ({
      key,
      value: String(value),
    }));
  } catch {
    return [];
  }
};

/** A file read as a data URL. */
const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The account's logo (checked in the browser with the server's rule, core/domain/account-settings.ts,
 * then saved as a data URL) and its metadata (key and value rows, checked with the same rule, saved
 * as the tenant's metadata field). Each is saved on its own.
 */
export function AccountBrandingSection({
  saved,
  writable,
  save,
}: {
  saved: AccountSettings;
  writable: boolean;
  save: (update: AccountSettingsUpdate) => Promise<void>;
}) {
  const [entries, setEntries] = useState<Entry[]>(() => entriesOf(saved.metadata));
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const run = async (update: AccountSettingsUpdate, done: string) => {
    setError(null);
    setNote(null);
    try {
      await save(update);
      setNote(done);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  async function onLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = logoFileRefusal(file.type, file.size);
    if (refusal) return setError(errorText(refusal.code, refusal.params));
    await run({ logo: await dataUrlOf(file) }, t.logoSaved);
  }

  function onSaveMetadata() {
    const keys = entries.map((e) => e.key.trim()).filter(Boolean);
    const twice = keys.find((key, i) => keys.indexOf(key) !== i);
    if (twice) return setError(t.keyTwice(twice));
    const metadata = JSON.stringify(
      Object.fromEntries(entries.filter((e) => e.key.trim()).map((e) => [e.key.trim(), e.value])),
    );
    const refusal = metadataRefusal(metadata);
    if (refusal) return setError(errorText(refusal.code, refusal.params));
    void run({ metadata }, t.metadataSaved);
  }

  const setEntry = (index: number, change: Partial<Entry>) =>
    setEntries((all) => all.map((e, i) => (i === index ? { ...e, ...change } : e)));
  return (
    <>
      {error && <Alert>{error}</Alert>}
      {note && (
        <InlineStatus partName="account-branding-status" onDismiss={() => setNote(null)}>
          {note}
        </InlineStatus>
      )}
      <Section titleId="ae-account-logo" title={t.logoTitle} intro={t.logoIntro} partName="account-logo">
        {saved.logo ? (
          <img src={saved.logo} alt={t.logoAlt} part="account-logo-image" style={{ maxHeight: 64 }} />
        ) : (
          <p css={mutedStyle}>{t.noLogo}</p>
        )}
        {writable && (
          <>
            <label>
              {t.chooseLogo}{' '}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                part="logo-input"
                onChange={onLogo}
              />
            </label>
            {saved.logo && (
              <Button
                variant="secondary"
                partName="remove-logo"
                onClick={() => void run({ logo: null }, t.logoRemoved)}
              >
                {t.removeLogo}
              </Button>
            )}
          </>
        )}
      </Section>
      <Section
        titleId="ae-account-metadata"
        title={t.metadataTitle}
        intro={t.metadataIntro}
        partName="account-metadata"
      >
        {entries.map((entry, index) => (
          <div key={index} part="metadata-entry" style={{ display: 'flex', gap: 8, alignItems: 'end' }}>
            <TextField
              label={t.key}
              value={entry.key}
              readOnly={!writable}
              maxLength={64}
              partName="metadata-key"
              onChange={(e) => setEntry(index, { key: e.target.value })}
            />
            <TextField
              label={t.value}
              value={entry.value}
              readOnly={!writable}
              maxLength={500}
              partName="metadata-value"
              onChange={(e) => setEntry(index, { value: e.target.value })}
            />
            {writable && (
              <Button
                variant="secondary"
                aria-label={t.removeEntry(entry.key)}
                partName="remove-metadata-entry"
                onClick={() => setEntries((all) => all.filter((_, i) => i !== index))}
              >
                ×
              </Button>
            )}
          </div>
        ))}
        {writable && (
          <div style={{ display: 'flex', gap: 8 }}>
            <Button
              variant="secondary"
              partName="add-metadata-entry"
              onClick={() => setEntries((all) => [...all, { key: '', value: '' }])}
            >
              {t.addEntry}
            </Button>
            <Button partName="save-metadata" onClick={onSaveMetadata}>
              {t.saveMetadata}
            </Button>
          </div>
        )}
      </Section>
    </>
  );
}
