import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { onlineToolCommands, alterClauses } from '../../../src/shared/alter/online-schema-tools';
import { powerShellQuote, posixQuote } from '../../../src/shared/alter/command-line';

/** The arguments bash makes of `line` after its first word (the tool's name). */
function bashArguments(line: string): string[] {
  const asPrintf = line.replace(/^\S+/, `printf '%s\\0'`);
  const out = execFileSync('bash', ['-c', asPrintf], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/** Names as an attacker would pick them: any Unicode, quotes, substitutions, separators. */
const nasty = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '$(touch /tmp/x)',
        '`id`',
        "'",
        '"',
        '\\',
        '\n',
        ',',
        '=',
        ';',
        '&',
        '|',
        '*',
        '~',
        '$HOME',
        ' ',
        '\t',
        '!',
        '#',
        '‘',
        '’',
        '{a,b}',
        '--%',
        '-x',
      ),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''))
  // Text that survives UTF-8 (no lone surrogates) and holds no NUL: what a name can be.
  .filter((s) => Buffer.from(s, 'utf8').toString('utf8') === s && !s.includes('\0'));

const ALTER = parseAlter("ALTER TABLE t ADD COLUMN note VARCHAR(9) DEFAULT 'it''s $(x)'");
if (!ALTER.ok) throw new Error(ALTER.error);
const alter = ALTER.alter;

describe('generated online schema change lines, read back by a real bash', () => {
  it('give gh-ost exactly the intended arguments, whatever the names', () => {
    fc.assert(
      fc.property(nasty, nasty, nasty, nasty, (host, user, schema, table) => {
        const [ghost] = onlineToolCommands(
          alter,
          { host, port: 3306, user, schema, table },
          {
            hasForeignKeys: false,
            hasTriggers: false,
            replicaCount: 1,
            server: { flavor: 'mysql', version: { major: 8, minor: 0, patch: 40 } },
          },
        );
        // Control characters are what this looks for.
        // eslint-disable-next-line no-control-regex
        if (/[\u0000-\u001f\u007f-\u009f]/.test(schema + table)) {
          expect(ghost!.command).toBeNull();
          expect(ghost!.blocker).toMatch(
            /^gh-ost's command line would carry a control character of this (schema|table)'s name/,
          );
          return;
        }
        const args = bashArguments(ghost!.command!);
        expect(args.slice(0, 7)).toEqual([
          `--host=${host}`,
          '--port=3306',
          `--user=${user}`,
          '--ask-pass',
          `--database=${schema}`,
          `--table=${table}`,
          `--alter=${alterClauses(alter)}`,
        ]);
        // Flag files stay in /tmp with a plain name, whatever the table is called.
        for (const a of args.filter((x) => x.includes('-flag-file='))) {
          expect(a).toMatch(
            /^--[a-z-]+-flag-file=\/tmp\/ghost\.[A-Za-z0-9_-]+\.(postpone|throttle)$/,
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('give pt-online-schema-change exactly the intended arguments, or no line at all', () => {
    fc.assert(
      fc.property(nasty, nasty, nasty, nasty, (host, user, schema, table) => {
        const pt = onlineToolCommands(
          alter,
          { host, port: 3306, user, schema, table },
          {
            hasForeignKeys: false,
            hasTriggers: false,
            replicaCount: 1,
            server: { flavor: 'mysql', version: { major: 8, minor: 0, patch: 40 } },
          },
        )[1]!;
        // Control characters are what this looks for.
        // eslint-disable-next-line no-control-regex
        const unfit = /[,=\u0000-\u001f\u007f-\u009f]/.test(schema + table);
        if (unfit) {
          expect(pt.command).toBeNull();
          expect(pt.blocker).toMatch(
            /^pt-online-schema-change cannot be given this (schema|table)/,
          );
          return;
        }
        const args = bashArguments(pt.command!);
        expect(args.slice(0, 7)).toEqual([
          '--alter',
          alterClauses(alter),
          '--host',
          host,
          '--user',
          user,
          '--ask-pass',
        ]);
        expect(args.at(-1)).toBe(`P=3306,D=${schema},t=${table}`);
        expect(args.find((a) => a.startsWith('--pause-file='))).toMatch(
          /^--pause-file=\/tmp\/pt-osc\.[A-Za-z0-9_-]+\.pause$/,
        );
      }),
      { numRuns: 150 },
    );
  });
});

describe('an ALTER whose text carries a control character', () => {
  const context = {
    hasForeignKeys: false,
    hasTriggers: false,
    replicaCount: 1,
    server: { flavor: 'mysql' as const, version: { major: 8, minor: 0, patch: 40 } },
  };
  const target = { host: 'db', port: 3306, user: 'u', schema: 's', table: 't' };
  const commands = (sql: string) => {
    const parsed = parseAlter(sql);
    if (!parsed.ok) throw new Error(parsed.error);
    return onlineToolCommands(parsed.alter, target, context);
  };

  it('gets no command line: a column named to end a bracketed paste cannot reach a terminal', () => {
    // ESC [201~ ends a bracketed paste: what follows would be taken as typed keys.
    for (const name of ['a\u001b[201~b', 'a\u0003b', 'a\u009bb', 'a\rb']) {
      for (const tool of commands(`ALTER TABLE t DROP COLUMN \`${name}\``)) {
        expect([tool.tool, tool.command, tool.powershell]).toEqual([tool.tool, null, null]);
        expect(tool.blocker).toMatch(/^The ALTER's text carries a control character/);
      }
    }
  });

  it('keeps the newlines and tabs that lay out a statement', () => {
    for (const tool of commands('ALTER TABLE t\n  ADD COLUMN x INT,\n\tADD INDEX kx (x)')) {
      expect(tool.command).not.toBeNull();
      expect(tool.blocker).toBeNull();
    }
  });

  it('a C1 control character in a table name keeps pt-online-schema-change out too', () => {
    const [ghost, pt] = onlineToolCommands(
      (() => {
        const p = parseAlter('ALTER TABLE t ADD COLUMN x INT');
        if (!p.ok) throw new Error(p.error);
        return p.alter;
      })(),
      { ...target, table: 'a\u009b31mb' },
      context,
    );
    expect(ghost!.command).toBeNull();
    expect(pt!.command).toBeNull();
    expect(pt!.blocker).toMatch(/^pt-online-schema-change cannot be given this table/);
  });
});

describe('the PowerShell line', () => {
  const context = {
    hasForeignKeys: false,
    hasTriggers: false,
    replicaCount: 1,
    server: { flavor: 'mysql' as const, version: { major: 8, minor: 0, patch: 40 } },
  };
  const parsed = parseAlter('ALTER TABLE t ADD COLUMN x INT');
  if (!parsed.ok) throw new Error(parsed.error);
  const target = { host: 'db', port: 3306, user: 'u', schema: 's', table: 't' };

  it('is not written when Windows PowerShell would split an argument', () => {
    // Windows PowerShell 5.1 would pass `"--table=x" --execute "y"`: three arguments.
    for (const table of ['x" --execute "y', 'a b\\']) {
      for (const tool of onlineToolCommands(parsed.alter, { ...target, table }, context)) {
        expect(tool.command, `${tool.tool} ${table}`).not.toBeNull();
        expect(tool.powershell, `${tool.tool} ${table}`).toBeNull();
        expect(tool.notes.at(-1)).toMatch(/^No PowerShell line: an argument holds a double quote/);
      }
    }
  });

  it('is written for plain names', () => {
    for (const tool of onlineToolCommands(parsed.alter, target, context)) {
      expect(tool.powershell).toContain('--ask-pass');
      expect(tool.notes.some((n) => n.startsWith('No PowerShell line'))).toBe(false);
    }
  });
});

describe('quoting one argument', () => {
  it('POSIX: plain words bare, everything else single-quoted', () => {
    expect(posixQuote('--max-lag=1')).toBe('--max-lag=1');
    expect(posixQuote('')).toBe("''");
    expect(posixQuote("a'b c")).toBe(`'a'\\''b c'`);
    expect(posixQuote('~root')).toBe("'~root'");
  });

  it('PowerShell: every single quote PowerShell knows is doubled inside single quotes', () => {
    // No PowerShell on this machine: the rule is checked by what it must produce.
    expect(powerShellQuote('--max-lag=1')).toBe('--max-lag=1');
    expect(powerShellQuote("it's")).toBe("'it''s'");
    expect(powerShellQuote('a‘b’c‚d‛e')).toBe("'a‘‘b’’c‚‚d‛‛e'");
    expect(powerShellQuote('$(Remove-Item C:\\)')).toBe("'$(Remove-Item C:\\)'");
    expect(powerShellQuote('--%')).toBe("'--%'");
    expect(powerShellQuote('a,b')).toBe("'a,b'");
    expect(powerShellQuote('@args')).toBe("'@args'");
  });
});
