import { startServer } from '../servers/instance';
import { withConnection } from '../servers/connect';
const s = await startServer('mysql');
try {
  await withConnection(s, async (c) => {
    await c.query('CREATE DATABASE shop');
    await c.query('CREATE TABLE shop.t (id INT PRIMARY KEY, v VARCHAR(20))');
    await c.query("INSERT INTO shop.t VALUES (1,'a'),(2,'b')");
    await c.query("UPDATE shop.t SET v='c' WHERE id=1");
    await c.query("SET gtid_next='AUTOMATIC:tg'");
    await c.query("DELETE FROM shop.t WHERE id=2");
    await c.query("SET gtid_next='AUTOMATIC'");
    await c.query("SET binlog_rows_query_log_events=ON");
    await c.query("INSERT INTO shop.t VALUES (3,'x')");
    const [logs] = await c.query('SHOW BINARY LOGS');
    console.log(JSON.stringify(logs));
    const [ev] = await c.query<any[]>(`SHOW BINLOG EVENTS IN '${(logs as any[])[0].Log_name}'`);
    for (const e of ev) console.log(e.Pos, e.Event_type, e.End_log_pos, JSON.stringify(e.Info));
    console.log(Object.keys(ev[0]));
  });
} finally {
  await s.stop();
}
