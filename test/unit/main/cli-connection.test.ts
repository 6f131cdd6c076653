// The CLI's `--connect` and the options beside it, up to the app's ConnectionSettings: TLS
// defaults and checks, where the password comes from, and that no message repeats it.
import { describe, expect, it } from 'vitest';
import {
  cliConnectionFor,
  connectFailureText,
  setConnectOption,
  type ConnectOptions,
} from '../../../src/main/cli/cli-connection';
import { COMMANDS } from '../../../src/main/cli/commands';
import { maskUrlPasswords, parseConnectUrl } from '../../../src/main/cli/connect-url';
import { runCapturedCli } from '../../cli-harness/captured-cli';
import { ApiError } from '../../../src/shared/api/errors';

const URL_NO_PASSWORD = 'mysql://app@db.example.com:3307/shop';

function options(...pairs: Array<[string, string]>): ConnectOptions {
  const o: ConnectOptions = {};
  for (const [name, value] of pairs) expect(setConnectOption(o, name, value)).toBeUndefined();
  return o;
}

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCapturedCli(args, COMMANDS, { stdin: 'SELECT 1;', env });

describe('parseConnectUrl', () => {
  it('reads user, password, host, port and database, percent-decoded', () => {
    expect(parseConnectUrl('mysql://a%40b:p%2Fw%25@[::1]:3310/my%20db')).toEqual({
      host: '::1',
      port: 3310,
      user: 'a@b',
      password: 'p/w%',
      database: 'my db',
    });
    expect(parseConnectUrl('mariadb://h/db')).toEqual({
      host: 'h',
      port: 3306,
      user: 'root',
      password: '',
      database: 'db',
    });
  });

  it('says what is wrong without echoing the URL', () => {
    expect(parseConnectUrl('mysql://u:hunter2@:x/db')).toBe(
      '--connect: not a URL (write mysql://user@host:port/database)',
    );
    expect(parseConnectUrl('http://u:hunter2@h/db')).toBe(
      '--connect takes mysql://user@host:port/database',
    );
    expect(parseConnectUrl('mysql://u:hunter2@h')).toBe(
      '--connect needs the database: mysql://user@host:port/database',
    );
    expect(parseConnectUrl('mysql://u:hun%zz@h/db')).toBe(
      '--connect: a bad %-escape in the URL (write %25 for a % sign)',
    );
  });
});

describe('maskUrlPasswords', () => {
  it('masks the password of every URL in a text, and nothing else', () => {
    expect(maskUrlPasswords('a mysql://u:hunter2@h:1/db and mariadb://v:x@y/z end')).toBe(
      'a mysql://u:***@h:1/db and mariadb://v:***@y/z end',
    );
    expect(maskUrlPasswords('unknown option "--conect=mysql://u:p@ss/w@h/db"')).toBe(
      'unknown option "--conect=mysql://u:***@h/db"',
    );
    expect(maskUrlPasswords('mysql://u@h:3306/db')).toBe('mysql://u@h:3306/db');
  });
});

describe('setConnectOption', () => {
  it('refuses an unknown TLS mode and an empty value', () => {
    expect(setConnectOption({}, 'tls', 'on')).toBe(
      '--tls takes off, preferred, required, verify-ca, verify-identity, not "on"',
    );
    expect(setConnectOption({}, 'tls-ca', '')).toBe('--tls-ca needs a value');
  });

  it('--password-env takes a variable name, and never echoes what it was given', () => {
    const wrong = setConnectOption({}, 'password-env', 'pa$$word!');
    expect(wrong).toBe(
      '--password-env takes the name of an environment variable (letters, digits, _)',
    );
  });
});

describe('cliConnectionFor', () => {
  it('makes the app settings: TLS required by default, the database as the default schema', () => {
    const c = cliConnectionFor(URL_NO_PASSWORD, {}, {});
    if (typeof c === 'string') throw new Error(c);
    expect(c.settings).toMatchObject({
      endpoint: { kind: 'tcp', host: 'db.example.com', port: 3307 },
      user: 'app',
      passwordMode: 'none',
      defaultSchema: 'shop',
      tls: { mode: 'required' },
      ssh: null,
      connectTimeoutMs: 10_000,
      initSql: '',
    });
    expect(c.secrets).toEqual({ password: '' });
    expect(c.database).toBe('shop');
    expect(c.warnings).toEqual([]);
  });

  it('passes every TLS file and the pinned key through', () => {
    const c = cliConnectionFor(
      URL_NO_PASSWORD,
      options(
        ['tls', 'verify-identity'],
        ['tls-ca', '/etc/ca.pem'],
        ['tls-cert', '/etc/me.pem'],
        ['tls-key', '/etc/me-key.pem'],
        ['server-public-key', '/etc/server.pem'],
      ),
      {},
    );
    if (typeof c === 'string') throw new Error(c);
    expect(c.settings.tls).toEqual({
      mode: 'verify-identity',
      caFile: '/etc/ca.pem',
      certFile: '/etc/me.pem',
      keyFile: '/etc/me-key.pem',
      serverPublicKeyFile: '/etc/server.pem',
    });
  });

  it('refuses TLS options that do not go together', () => {
    const wrong = (...pairs: Array<[string, string]>) =>
      cliConnectionFor(URL_NO_PASSWORD, options(...pairs), {});
    expect(wrong(['tls', 'verify-ca'])).toBe(
      "--tls verify-ca needs --tls-ca FILE: the CA certificate the server's must chain to",
    );
    expect(wrong(['tls-ca', '/ca.pem'])).toBe(
      '--tls-ca is used by --tls verify-ca and verify-identity only (required checks no certificate)',
    );
    expect(wrong(['tls-cert', '/me.pem'])).toBe(
      '--tls-cert and --tls-key go together: the client certificate and its private key',
    );
    expect(wrong(['tls', 'off'], ['tls-cert', '/me.pem'], ['tls-key', '/k.pem'])).toBe(
      '--tls-cert needs TLS: not with --tls off',
    );
  });

  it('--password-env reads the named variable, and only that one', () => {
    const env = { SL_DB_PW: 's3cret', MYSQL_PWD: 'not-this-one' };
    const c = cliConnectionFor(URL_NO_PASSWORD, options(['password-env', 'SL_DB_PW']), env);
    if (typeof c === 'string') throw new Error(c);
    expect(c.secrets).toEqual({ password: 's3cret' });
    expect(c.settings.passwordMode).toBe('saved');
    expect(c.warnings).toEqual([]);
    // MYSQL_PWD is not read unless named.
    const implicit = cliConnectionFor(URL_NO_PASSWORD, {}, env);
    if (typeof implicit === 'string') throw new Error(implicit);
    expect(implicit.secrets).toEqual({ password: '' });
  });

  it('--password-env: an unset or empty variable, or a password in the URL too, is an error', () => {
    const o = options(['password-env', 'SL_DB_PW']);
    expect(cliConnectionFor(URL_NO_PASSWORD, o, {})).toBe(
      '--password-env SL_DB_PW: that environment variable is not set or is empty',
    );
    expect(cliConnectionFor(URL_NO_PASSWORD, o, { SL_DB_PW: '' })).toBe(
      '--password-env SL_DB_PW: that environment variable is not set or is empty',
    );
    expect(cliConnectionFor('mysql://app:pw@h/db', o, { SL_DB_PW: 'x' })).toBe(
      'give the password either in the --connect URL or with --password-env, not both',
    );
  });

  it('a password in the URL still works, with a warning that does not repeat it', () => {
    const c = cliConnectionFor('mysql://app:hunter2@h/db', {}, {});
    if (typeof c === 'string') throw new Error(c);
    expect(c.secrets).toEqual({ password: 'hunter2' });
    expect(c.warnings).toEqual([
      'the password in the --connect URL can be read by other users of this machine (ps, ' +
        '/proc/PID/cmdline) and may stay in shell history and CI logs; put it in an ' +
        'environment variable and name that with --password-env instead',
    ]);
  });
});

describe('connectFailureText', () => {
  const c = cliConnectionFor(URL_NO_PASSWORD, {}, {});
  if (typeof c === 'string') throw new Error(c);

  it('tells the INSECURE_PASSWORD refusal in command-line terms', () => {
    const text = connectFailureText(
      new ApiError({ code: 'INSECURE_PASSWORD', message: 'app words' }),
      c.settings,
    );
    expect(text).toBe(
      'the server db.example.com:3307 asked for the password itself on a link without TLS, ' +
        'and no public key is pinned for it: the password was not sent (under a key the ' +
        'server hands over, anyone in the middle could read it). Use --tls required (or ' +
        "verify-ca / verify-identity with --tls-ca), or pin the server's public key with " +
        "--server-public-key FILE (the server's data directory's public_key.pem).",
    );
  });

  it('points TLS failures at --tls and keeps other words as they are', () => {
    expect(
      connectFailureText(new ApiError({ code: 'TLS_FAILED', message: 'No TLS.' }), c.settings),
    ).toBe('No TLS. See --tls.');
    expect(
      connectFailureText(new ApiError({ code: 'AUTH_FAILED', message: 'Denied.' }), c.settings),
    ).toBe('Denied.');
  });
});

describe('lint and plan-check: connection options on the command line', () => {
  it.each([[['lint', '--tls', 'off', '-']], [['lint', '--password-env=PW', '-']]])(
    'lint %j: connection options without --connect are a usage error',
    async (args) => {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(
        'sightline lint: the connection options (--tls, --password-env, ...) need --connect',
      );
    },
  );

  it('plan-check: an unknown TLS mode is a usage error', async () => {
    const r = await cli([
      'plan-check',
      '--connect',
      URL_NO_PASSWORD,
      '--baseline',
      '/tmp/x',
      '--tls=yes',
      '-',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      'sightline plan-check: --tls takes off, preferred, required, verify-ca, verify-identity, not "yes"',
    );
  });

  it.each(['lint', 'plan-check'])(
    '%s: a URL password echoed in a usage error is masked',
    async (command) => {
      const r = await cli([command, '--conect=mysql://app:hunter2@h/db', '-']);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('hunter2');
      expect(r.stderr.split('\n')[0]).toBe(
        `sightline ${command}: unknown option "--conect=mysql://app:***@h/db"`,
      );
    },
  );

  it.each(['lint', 'plan-check'])('%s --help documents the connection options', async (command) => {
    const r = await cli([command, '--help']);
    expect(r.code).toBe(0);
    for (const option of [
      '--password-env VAR',
      '--tls MODE',
      '--tls-ca FILE',
      '--tls-cert FILE',
      '--server-public-key FILE',
    ])
      expect(r.stdout).toContain(`\n  ${option}`);
    expect(r.stdout).toContain('required (TLS, default)');
  });
});
