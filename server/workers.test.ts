import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workerCount } from './workers';

const production = { production: true, postgres: true };

describe('workerCount (--workers / WORKERS)', () => {
  it('defaults to the cores in production on PostgreSQL, else to one process', () => {
    assert.equal(workerCount({}, [], production, 6), 6);
    assert.equal(workerCount({}, [], { production: false, postgres: true }, 6), 1);
    assert.equal(workerCount({}, [], { production: true, postgres: false }, 6), 1);
  });

  it('takes the flag before the variable, and "auto" for the cores', () => {
    assert.equal(workerCount({ WORKERS: '3' }, ['--workers', '2'], production, 6), 2);
    assert.equal(workerCount({ WORKERS: '3' }, ['--workers=4'], production, 6), 4);
    assert.equal(workerCount({ WORKERS: '3' }, [], production, 6), 3);
    assert.equal(workerCount({ WORKERS: 'auto' }, [], { production: false, postgres: true }, 6), 6);
  });

  it('refuses what is not a count, and more than one process on PGlite', () => {
    for (const raw of ['0', '-1', '1.5', 'two', '300'])
      assert.throws(() => workerCount({ WORKERS: raw }, [], production), /WORKERS/);
    assert.throws(() => workerCount({}, ['--workers'], production), /WORKERS/);
    assert.throws(
      () => workerCount({ WORKERS: '2' }, [], { production: false, postgres: false }),
      /needs PostgreSQL/,
    );
    assert.equal(workerCount({ WORKERS: '1' }, [], { production: false, postgres: false }), 1);
  });
});
