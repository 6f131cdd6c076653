import { describe, expect, it } from 'vitest';
import { maskSecrets, maskSecretsForSession } from '../../../src/shared/sql/mask-secrets';

describe('maskSecrets', () => {
  it.each([
    ["CREATE USER 'u'@'%' IDENTIFIED BY 's3cret'", "CREATE USER 'u'@'%' IDENTIFIED BY '***'"],
    [
      "ALTER USER u IDENTIFIED BY 'new' REPLACE 'old' RETAIN CURRENT PASSWORD",
      "ALTER USER u IDENTIFIED BY '***' REPLACE '***' RETAIN CURRENT PASSWORD",
    ],
    [
      "CREATE USER u IDENTIFIED WITH caching_sha2_password BY 'pw'",
      "CREATE USER u IDENTIFIED WITH caching_sha2_password BY '***'",
    ],
    [
      "CREATE USER u IDENTIFIED WITH 'mysql_native_password' AS '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'",
      "CREATE USER u IDENTIFIED WITH 'mysql_native_password' AS '***'",
    ],
    [
      'CREATE USER u IDENTIFIED WITH caching_sha2_password AS 0x24412430303524',
      "CREATE USER u IDENTIFIED WITH caching_sha2_password AS '***'",
    ],
    [
      "GRANT ALL ON *.* TO u IDENTIFIED BY PASSWORD '*2470C0C06DEE'",
      "GRANT ALL ON *.* TO u IDENTIFIED BY PASSWORD '***'",
    ],
    [
      "CREATE USER u IDENTIFIED VIA ed25519 USING PASSWORD('pw')",
      "CREATE USER u IDENTIFIED VIA ed25519 USING PASSWORD('***')",
    ],
    [
      "CREATE USER u IDENTIFIED VIA unix_socket OR mysql_native_password USING 'hash'",
      "CREATE USER u IDENTIFIED VIA unix_socket OR mysql_native_password USING '***'",
    ],
    [
      "CREATE USER a IDENTIFIED BY 'x', b IDENTIFIED BY 'y' COMMENT 'kept'",
      "CREATE USER a IDENTIFIED BY '***', b IDENTIFIED BY '***' COMMENT 'kept'",
    ],
    ['SELECT PASSWORD(\'pw\'), OLD_PASSWORD("pw")', "SELECT PASSWORD('***'), OLD_PASSWORD('***')"],
    ["SET PASSWORD = 'pw'", "SET PASSWORD = '***'"],
    ["SET PASSWORD FOR 'u'@'localhost' = 'pw'", "SET PASSWORD FOR 'u'@'localhost' = '***'"],
    ["SET PASSWORD FOR u = PASSWORD('pw')", "SET PASSWORD FOR u = PASSWORD('***')"],
    [
      "CHANGE REPLICATION SOURCE TO SOURCE_HOST='h', SOURCE_USER='repl', SOURCE_PASSWORD='pw', SOURCE_PORT=3306",
      "CHANGE REPLICATION SOURCE TO SOURCE_HOST='h', SOURCE_USER='repl', SOURCE_PASSWORD='***', SOURCE_PORT=3306",
    ],
    [
      "CHANGE MASTER TO MASTER_HOST = 'h', MASTER_PASSWORD = 'pw'",
      "CHANGE MASTER TO MASTER_HOST = 'h', MASTER_PASSWORD = '***'",
    ],
    ["START REPLICA USER='repl' PASSWORD='pw'", "START REPLICA USER='repl' PASSWORD='***'"],
    [
      "START GROUP_REPLICATION USER='rpl', PASSWORD='pw'",
      "START GROUP_REPLICATION USER='rpl', PASSWORD='***'",
    ],
    [
      "CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'r', PASSWORD 'pw', HOST 'h')",
      "CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'r', PASSWORD '***', HOST 'h')",
    ],
    ["ALTER SERVER s OPTIONS (PASSWORD 'pw')", "ALTER SERVER s OPTIONS (PASSWORD '***')"],
  ])('%s', (sql, masked) => {
    expect(maskSecrets(sql)).toBe(masked);
  });

  it.each([
    [
      "UPDATE mysql.user SET authentication_string = '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19' WHERE user = 'u'",
      "UPDATE mysql.user SET authentication_string = '***' WHERE user = 'u'",
    ],
    [
      'UPDATE mysql.user SET Authentication_String=0x2A32343730 WHERE User = "u"',
      'UPDATE mysql.user SET Authentication_String=\'***\' WHERE User = "u"',
    ],
    [
      "INSERT INTO mysql.user (Host, User, authentication_string) VALUES ('%', 'u', '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19')",
      "INSERT INTO mysql.user (Host, User, authentication_string) VALUES ('%', 'u', '***')",
    ],
    [
      "UPDATE mysql.global_priv SET Priv = JSON_SET(Priv, '$.authentication_string', \"*2470c0c06dee42fd1618bb99005adca2ec9d1e19\") WHERE User = 'u'",
      "UPDATE mysql.global_priv SET Priv = JSON_SET(Priv, '$.authentication_string', '***') WHERE User = 'u'",
    ],
    [
      "SELECT user FROM mysql.user WHERE authentication_string = '' OR plugin = 'x'",
      "SELECT user FROM mysql.user WHERE authentication_string = '***' OR plugin = 'x'",
    ],
    [
      'SELECT user, authentication_string FROM mysql.user',
      'SELECT user, authentication_string FROM mysql.user',
    ],
  ])('masks stored password hashes written by hand: %s', (sql, masked) => {
    expect(maskSecrets(sql)).toBe(masked);
    expect(maskSecretsForSession(sql)).toBe(masked);
  });

  it.each([
    [
      "CALL mysql.rds_set_external_master('src.example.com', 3306, 'repl', 'pw', 'mysql-bin.000031', 107, 0)",
      "CALL mysql.rds_set_external_master('***', 3306, '***', '***', '***', 107, 0)",
    ],
    [
      "CALL mysql.rds_set_external_source_with_auto_position('h', 3306, 'repl', 'pw', 0, 0)",
      "CALL mysql.rds_set_external_source_with_auto_position('***', 3306, '***', '***', 0, 0)",
    ],
    [
      "CALL `mysql`.`RDS_SET_EXTERNAL_MASTER_GTID`('h', 3306, 'repl', 'pw', '0-1-100', 0)",
      "CALL `mysql`.`RDS_SET_EXTERNAL_MASTER_GTID`('***', 3306, '***', '***', '***', 0)",
    ],
    [
      "CALL mysql.az_replication_change_master('h', 'repl', 'pw', 3306, 'mysql-bin.000002', 120, '')",
      "CALL mysql.az_replication_change_master('***', '***', '***', 3306, '***', 120, '***')",
    ],
    [
      "CALL mysql.setupExternalSourceAutoPosition('h', 3306, 'repl', 'pw', TRUE, FALSE, FALSE)",
      "CALL mysql.setupExternalSourceAutoPosition('***', 3306, '***', '***', TRUE, FALSE, FALSE)",
    ],
  ])("masks the arguments of a managed server's replication procedure: %s", (sql, masked) => {
    expect(maskSecrets(sql)).toBe(masked);
    expect(maskSecretsForSession(sql)).toBe(masked);
  });

  it('masks the procedure named in double quotes under ANSI_QUOTES', () => {
    const sql = `CALL "mysql"."rds_set_external_master"('h', 3306, 'repl', 'pw', 'f', 4, 0)`;
    expect(maskSecrets(sql, { ansiQuotes: true })).toBe(
      `CALL "mysql"."rds_set_external_master"('***', 3306, '***', '***', '***', 4, 0)`,
    );
  });

  it('leaves other procedures and a look-alike name that is not called alone', () => {
    const kept = "CALL mysql.rds_kill(12); SELECT 'rds_set_external_master' AS doc";
    expect(maskSecrets(kept)).toBe(kept);
  });

  it('masks through comments, introducers, adjacent literals and executable comments', () => {
    expect(maskSecrets("CREATE USER u IDENTIFIED /* c */ BY -- c\n 'pw'")).toBe(
      "CREATE USER u IDENTIFIED /* c */ BY -- c\n '***'",
    );
    expect(maskSecrets("CREATE USER u IDENTIFIED BY _utf8mb4'pw'")).toBe(
      "CREATE USER u IDENTIFIED BY _utf8mb4'***'",
    );
    expect(maskSecrets("CREATE USER u IDENTIFIED BY 'pa' \"ss\" 'word'")).toBe(
      "CREATE USER u IDENTIFIED BY '***' '***' '***'",
    );
    expect(maskSecrets("/*!80000 CREATE USER u IDENTIFIED BY 'pw' */")).toBe(
      "/*!80000 CREATE USER u IDENTIFIED BY '***' */",
    );
    expect(maskSecrets("CREATE USER u IDENTIFIED BY X'7077'")).toBe(
      "CREATE USER u IDENTIFIED BY '***'",
    );
  });

  it('masks escaped quotes whole and unterminated literals to the end', () => {
    expect(maskSecrets("CREATE USER u IDENTIFIED BY 'p\\'w''d'; SELECT 1")).toBe(
      "CREATE USER u IDENTIFIED BY '***'; SELECT 1",
    );
    expect(maskSecrets("CREATE USER u IDENTIFIED BY 'never closed; SELECT 1")).toBe(
      "CREATE USER u IDENTIFIED BY '***'",
    );
  });

  it('follows the session quoting: without backslash escapes too much is masked, never too little', () => {
    const sql = "CREATE USER u IDENTIFIED BY 'a\\'; SELECT 'c'";
    expect(maskSecrets(sql, { noBackslashEscapes: true })).toBe(
      "CREATE USER u IDENTIFIED BY '***'; SELECT 'c'",
    );
    // Read with backslash escapes the text ends inside a string: every literal goes.
    expect(maskSecrets(sql)).toBe("CREATE USER u IDENTIFIED BY '***'c'***'");
  });

  it('leaves look-alikes in strings, comments and other statements alone', () => {
    for (const sql of [
      "-- IDENTIFIED BY 'x'\nSELECT 1",
      "SELECT * FROM t ORDER BY 'x'",
      "SELECT REPLACE('a', 'b', 'c')",
      'CREATE OR REPLACE USER u IDENTIFIED BY RANDOM PASSWORD',
      'ALTER USER u PASSWORD EXPIRE INTERVAL 90 DAY',
      "SELECT `password` FROM users WHERE name = 'x'",
      "UPDATE t SET password_hash = 'kept'",
    ]) {
      expect(maskSecrets(sql), sql).toBe(sql);
    }
  });

  it('starts over at each statement of a script', () => {
    expect(maskSecrets("CREATE USER u IDENTIFIED BY 'pw'; SELECT * FROM t ORDER BY 'x'")).toBe(
      "CREATE USER u IDENTIFIED BY '***'; SELECT * FROM t ORDER BY 'x'",
    );
  });

  it.each([
    ["SET PASSWORD FOR u := 'pw'", "SET PASSWORD FOR u := '***'"],
    ["SET PASSWORD := 'pw'", "SET PASSWORD := '***'"],
    ["SET PASSWORD = PASSWORD('pw')", "SET PASSWORD = PASSWORD('***')"],
    [
      "ALTER USER u IDENTIFIED VIA mysql_native_password USING PASSWORD('pw')",
      "ALTER USER u IDENTIFIED VIA mysql_native_password USING PASSWORD('***')",
    ],
    [
      "SET GLOBAL keyring_encrypted_file_password = 'pw'",
      "SET GLOBAL keyring_encrypted_file_password = '***'",
    ],
    [
      "SET @@global.hashicorp_key_management_token = 'tk'",
      "SET @@global.hashicorp_key_management_token = '***'",
    ],
    ["SELECT AES_ENCRYPT('data', 'key')", "SELECT AES_ENCRYPT('***', '***')"],
    ["SELECT keyring_key_store('k', 'AES', 'pw')", "SELECT keyring_key_store('***', '***', '***')"],
  ])('masks %s', (sql, masked) => {
    expect(maskSecrets(sql)).toBe(masked);
  });

  it('masks inside statements handed over as strings, with their own quoting', () => {
    expect(maskSecrets("PREPARE s FROM 'ALTER USER u IDENTIFIED BY ''pw'''")).toBe(
      "PREPARE s FROM 'ALTER USER u IDENTIFIED BY ''***'''",
    );
    expect(maskSecrets('EXECUTE IMMEDIATE "SET PASSWORD FOR u = \'pw\'"')).toBe(
      'EXECUTE IMMEDIATE "SET PASSWORD FOR u = \'***\'"',
    );
    expect(maskSecrets("SET @s = 'CREATE USER u IDENTIFIED BY \\'pw\\''")).toBe(
      "SET @s = 'CREATE USER u IDENTIFIED BY ''***'''",
    );
    // A string in a string in a string.
    expect(maskSecrets("EXECUTE IMMEDIATE 'PREPARE s FROM ''SET PASSWORD = ''''pw'''' '''")).toBe(
      "EXECUTE IMMEDIATE 'PREPARE s FROM ''SET PASSWORD = ''''***'''' '''",
    );
    // The secret goes on past the literal: every later literal goes too.
    expect(
      maskSecrets("EXECUTE IMMEDIATE CONCAT('ALTER USER u IDENTIFIED BY ''', 'pw', '''')"),
    ).toBe("EXECUTE IMMEDIATE CONCAT('ALTER USER u IDENTIFIED BY ''***''', '***', '***')");
  });

  it('reads NO_BACKSLASH_ESCAPES text as the server does', () => {
    const sql = "CREATE USER a IDENTIFIED BY 'x\\', b IDENTIFIED BY 'pw'";
    expect(maskSecrets(sql, { noBackslashEscapes: true })).toBe(
      "CREATE USER a IDENTIFIED BY '***', b IDENTIFIED BY '***'",
    );
    expect(maskSecretsForSession(sql)).not.toContain('pw');
  });

  it('masks every literal of text it cannot read with confidence', () => {
    expect(maskSecrets("CREATE USER u IDENTIFIED BY 'a' COMMENT 'b' /* open")).toBe(
      "CREATE USER u IDENTIFIED BY '***' COMMENT '***' '***'",
    );
  });
});
