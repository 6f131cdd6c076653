// Generated plans in the servers' own shapes (pretty-printed as they print them), so the
// parser does the work a real document of that size would make it do.

/** A MySQL JSON v1 table access with the keys 9.x writes. */
function v1Table(i: number, first: boolean): unknown {
  return {
    table: {
      table_name: `t${i}`,
      access_type: first ? 'ALL' : 'ref',
      possible_keys: first ? ['PRIMARY', `k${i}`] : [`k${i}`],
      ...(first
        ? {}
        : { key: `k${i}`, used_key_parts: [`c${i}`], key_length: '4', ref: [`shop.t${i - 1}.id`] }),
      rows_examined_per_scan: first ? 50311 : 11,
      rows_produced_per_join: 5031 * (i + 1),
      filtered: first ? '10.00' : '100.00',
      cost_info: {
        read_cost: `${(12.5 * (i + 1)).toFixed(2)}`,
        eval_cost: `${(503.1 * (i + 1)).toFixed(2)}`,
        prefix_cost: `${(1000 * (i + 1)).toFixed(2)}`,
        data_read_per_join: `${i + 1}M`,
      },
      used_columns: ['id', `c${i}`, 'status', 'total', 'created_at'],
      ...(first ? { attached_condition: `(\`shop\`.\`t${i}\`.\`status\` = 'returned')` } : {}),
    },
  };
}

/** A UNION of `selects` query blocks, each joining six tables under a filesort. */
export function jsonV1Plan(selects: number): string {
  const specs = Array.from({ length: selects }, (_, s) => ({
    dependent: false,
    cacheable: true,
    query_block: {
      select_id: s + 1,
      cost_info: { query_cost: `${(6000 + s).toFixed(2)}` },
      ordering_operation: {
        using_temporary_table: true,
        using_filesort: true,
        cost_info: { sort_cost: '2838.58' },
        nested_loop: Array.from({ length: 6 }, (_, i) => v1Table(i, i === 0)),
      },
    },
  }));
  return JSON.stringify(
    {
      query_block: {
        union_result: {
          using_temporary_table: true,
          table_name: `<union1,${selects}>`,
          access_type: 'ALL',
          query_specifications: specs,
        },
      },
    },
    null,
    2,
  );
}

let generated = 0;

/** A JSON v2 EXPLAIN ANALYZE node; one in 40 misestimated, as in a plan worth looking at. */
function v2Node(
  operation: string,
  extra: Record<string, unknown>,
  inputs: unknown[] = [],
): Record<string, unknown> {
  const off = ++generated % 40 === 0;
  return {
    ...(inputs.length ? { inputs } : {}),
    operation,
    ...extra,
    actual_rows: off ? 250.0 : 10.0,
    actual_loops: 3,
    estimated_rows: 11.4,
    actual_last_row_ms: 0.0565,
    actual_first_row_ms: 0.0538,
    estimated_total_cost: 2.84,
  };
}

/** EXPLAIN ANALYZE FORMAT=JSON of about `nodes` nodes: an Append of left-deep joins with filters. */
export function jsonV2Plan(nodes: number): string {
  const branches: unknown[] = [];
  let count = 1;
  for (let b = 0; count < nodes; b++) {
    let join: Record<string, unknown> = v2Node(`Table scan on a${b}`, {
      alias: `a${b}`,
      table_name: 'orders',
      access_type: 'table',
      schema_name: 'shop',
      used_columns: ['id', 'customer_id', 'total'],
    });
    count++;
    for (let t = 1; t < 8 && count < nodes; t++) {
      const lookup = v2Node(`Index lookup on b${t} using customer_id (customer_id = a${b}.id)`, {
        alias: `b${t}`,
        table_name: 'customers',
        access_type: 'index',
        index_name: 'customer_id',
        key_columns: ['customer_id'],
        lookup_condition: `customer_id = a${b}.id`,
        index_access_type: 'index_lookup',
        lookup_references: [`shop.a${b}.id`],
        covering: false,
        schema_name: 'shop',
        used_columns: ['id', 'customer_id'],
      });
      const filter = v2Node(
        `Filter: (b${t}.total > 100)`,
        {
          condition: `(b${t}.total > 100)`,
          access_type: 'filter',
          filter_columns: [`b${t}.total`],
        },
        [lookup],
      );
      join = v2Node(
        'Nested loop inner join',
        { join_type: 'inner join', access_type: 'join', join_algorithm: 'nested_loop' },
        [join, filter],
      );
      count += 3;
    }
    branches.push(v2Node('Stream results', { access_type: 'stream' }, [join]));
    count++;
  }
  return JSON.stringify(
    {
      query: '/* select#1 */ select ...',
      query_plan: v2Node('Append', { access_type: 'append' }, branches),
      query_type: 'select',
      json_schema_version: '2.0',
    },
    null,
    2,
  );
}

/** MariaDB ANALYZE FORMAT=JSON of about `nodes` nodes: a union of measured joins. */
export function mariaDbPlan(nodes: number): string {
  const table = (i: number) => ({
    table: {
      table_name: `t${i}`,
      access_type: i ? 'ref' : 'ALL',
      possible_keys: ['k'],
      ...(i
        ? { key: 'k', key_length: '4', used_key_parts: ['c'], ref: [`shop.t${i - 1}.id`] }
        : {}),
      loops: i ? 250 : 1,
      r_loops: i ? 250 : 1,
      rows: 11,
      r_rows: 10,
      cost: 0.25,
      r_table_time_ms: 0.5,
      r_other_time_ms: 0.1,
      r_engine_stats: { pages_accessed: 4 },
      filtered: 100,
      r_total_filtered: 100,
      attached_condition: `t${i}.c > 5`,
      r_filtered: 100,
    },
  });
  const specs = Array.from({ length: Math.ceil(nodes / 8) }, (_, s) => ({
    query_block: {
      select_id: s + 1,
      cost: 12.5,
      r_loops: 1,
      r_total_time_ms: 4.2,
      nested_loop: Array.from({ length: 6 }, (_, i) => table(i)),
    },
  }));
  return JSON.stringify(
    {
      query_optimization: { r_total_time_ms: 0.3 },
      query_block: {
        union_result: {
          table_name: '<union>',
          access_type: 'ALL',
          r_loops: 1,
          r_rows: 10,
          query_specifications: specs,
        },
      },
    },
    null,
    2,
  );
}

/** Grows a generator's size until the text reaches `bytes`. */
export function sized(make: (n: number) => string, bytes: number): string {
  let n = 16;
  let text = make(n);
  while (text.length < bytes) {
    n = Math.ceil(n * (bytes / text.length) * 1.02);
    text = make(n);
  }
  return text;
}
