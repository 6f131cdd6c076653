import type { SqlFlavor } from '../../../shared/sql/lexer';
import { builtinFunctionNames } from '../../../shared/sql/builtin-functions';
import { isKeyword, isReserved } from './sql-words';

/**
 * Names that builtinFunctionNames lists (a parenthesis after them never calls a stored
 * function) but that are keywords, not functions: offering `ACCOUNT()` would mislead. Found by
 * asking the servers: MySQL 9.7's and MariaDB 10.11's information_schema.KEYWORDS, less the
 * names their HELP lists under functions and operators and MariaDB's
 * information_schema.SQL_FUNCTIONS, less the constructors and sequence functions HELP files
 * elsewhere (DATE(), POINT(), NEXTVAL() ...).
 */
const NOT_FUNCTIONS = new Set(
  `
absent account action active admin after against aggregate algorithm allow_missing_files always
array assign_gtids_to_anonymous_transactions at attribute authentication auto auto_increment
auto_refresh auto_refresh_source autoextend_size avg_row_length backup bernoulli binlog bit block
bool boolean btree buckets bulk byte cache cascaded catalog_name chain challenge_response changed
channel checkpoint checksum cipher class_origin client clob clone close code column_format
column_name columns comment committed compact completion component compressed compression
concurrent connection consistent constraint_catalog constraint_name constraint_schema context cpu
current cursor_name data datafile datetime deallocate default_auth definer definition
delay_key_write delete_domain_id description diagnostics directory disable discard disk
do_domain_ids duality dumpfile dynamic enable encryption ends enforced engine engine_attribute
engines enum error errors escape events every examined exchange exclude execute expansion expire
export extended extent_size external external_format factor failed_login_attempts fast faults
fields file file_block_size file_format file_name file_pattern file_prefix files filter finish
first fixed following follows found full general generate geometry get_source_public_key global
grants group_replication gtid_only gtids guided handler hash header help histogram history host
hosts id identified ignore_domain_ids ignore_server_ids ignored import inactive indexes initial
initial_size initiate insert_method install instance invisible invoker io io_after_gtids
io_before_gtids io_thread ipc isolation issuer json key_block_size keyring language last leaves
less level library list local locked locks logfile logs manual masking master
master_demote_to_replica master_demote_to_slave materialized max_connections_per_hour
max_queries_per_hour max_rows max_size max_updates_per_hour max_user_connections medium member
memory merge message_text migrate min_rows mode modify mutex mysql_errno name names national nchar
ndb ndbcluster nested network_namespace never new next no no_wait nodegroup none nowait nulls
number nvarchar off oj old one only open optimizer_costs optional options ordinality organization
others owner pack_keys page page_checksum parallel parameters parse_tree parse_vcol_expr parser
partial partitioning partitions password_lock_time path period persist persist_only phase plugin
plugin_dir plugins policy port portion precedes preceding prepare preserve prev
privilege_checks_user privileges process processlist profile profiles proxy qualify quick random
raw read_only rebuild recover redo_buffer_size redundant ref_system_id reference registration
relational relay relay_log_file relay_log_pos relay_thread relaylog reload remove reorganize
repair repeatable replica replicas replicate_do_db replicate_do_table replicate_ignore_db
replicate_ignore_table replicate_rewrite_db replicate_wild_do_table replicate_wild_ignore_table
replication require_row_format require_table_primary_key_check reset resource respect restart
restore resume retain returned_sqlstate returns reuse role rotate routine row_format rtree s3
schedule schema_name secondary secondary_engine secondary_engine_attribute secondary_load
secondary_unload security serial serializable server session sets shutdown signed simple skip
slave slaves slow snapshot socket some soname sounds source source_auto_position source_bind
source_compression_algorithms source_connect_retry source_connection_auto_failover source_delay
source_heartbeat_period source_host source_log_file source_log_pos source_password source_port
source_public_key_path source_retry_count source_ssl source_ssl_ca source_ssl_capath
source_ssl_cert source_ssl_cipher source_ssl_crl source_ssl_crlpath source_ssl_key
source_ssl_verify_server_cert source_tls_ciphersuites source_tls_version source_user
source_zstd_compression_level sql_after_gtids sql_after_mts_gaps sql_before_gtids
sql_buffer_result sql_cache sql_no_cache sql_thread sql_tsi_day sql_tsi_hour sql_tsi_minute
sql_tsi_month sql_tsi_quarter sql_tsi_second sql_tsi_week sql_tsi_year stacked starts
stats_auto_recalc stats_persistent stats_sample_pages status stop storage stream strict_load
string subclass_origin subject subpartition subpartitions super suspend swaps switches
table_checksum table_name tables tablesample tablespace temptable text than thread_priority ties
tls triggers type types unbounded uncommitted undefined undo_buffer_size undofile unicode
uninstall unknown unregister until upgrade uri url use_frm user_resources validate validation
varchar2 variables vcpu vector verify_key_constraints visible wait warnings without work wrapper
x509 xa xid xml zone
`
    .trim()
    .split(/\s+/),
);

const cache = new Map<SqlFlavor, readonly string[]>();

/** The built-in functions of a flavor, upper case, in order: what completion offers. */
export function functionNames(flavor: SqlFlavor): readonly string[] {
  let names = cache.get(flavor);
  if (!names) {
    names = [...builtinFunctionNames(flavor)]
      .filter((n) => !NOT_FUNCTIONS.has(n) && !isReserved(n) && !isKeyword(n))
      .map((n) => n.toUpperCase())
      .sort();
    cache.set(flavor, names);
  }
  return names;
}
