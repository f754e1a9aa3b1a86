import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { migrate } from '../storage/migrations';
import { openDatabase } from '../storage/database';
import { loadSecretsKey, SecretBox } from './secrets';
import { pgliteTemplate } from '../../test/support/server';

test('without SECRETS_KEY the key is random, made once and shared through the database, never the old published constant', async () => {
  const db = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
  try {
    await migrate(db);
    const [first, second] = await Promise.all([loadSecretsKey(db, undefined), loadSecretsKey(db, undefined)]);
    assert.equal(first, second, 'two loaders (two processes) agree on one key');
    assert.equal(Buffer.from(first, 'base64').length, 32);
    // The fixed development key every install used to share when SECRETS_KEY was not set.
    const published = createHash('sha256').update('auth-elements development secrets key').digest('base64');
    assert.notEqual(first, published);
    const sealed = new SecretBox(first).seal('client-secret');
    assert.equal(new SecretBox(await loadSecretsKey(db, undefined)).open(sealed), 'client-secret');
    assert.throws(() => new SecretBox(published).open(sealed));
    // A configured key wins.
    const configured = Buffer.alloc(32, 7).toString('base64');
    assert.equal(await loadSecretsKey(db, configured), configured);
  } finally {
    await db.close();
  }
});
