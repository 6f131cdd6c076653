import type { SqlFlavor } from './lexer';

/**
 * Names that, written as `name(`, never call a stored function: the built-in functions and the
 * keywords that a parenthesis may follow (`IN (`, `OVER (`, `USING (`). Any other `name(` in a
 * statement may call a stored function of the current database, which can write.
 *
 * Found by asking the servers, not from the manuals: every candidate name (the servers' HELP
 * topics, information_schema.KEYWORDS and MariaDB's information_schema.SQL_FUNCTIONS) was called
 * with no argument and with one, with and without sql_mode IGNORE_SPACE, in an empty
 * database; a name is listed when neither answer was "FUNCTION db.name does not exist" (errors
 * 1305 and 1630, the sign the server looked for a stored function). MySQL 9.7 for MySQL;
 * for MariaDB only names that passed on both 10.11 and 11.8, since the version is not known
 * here. A missing name only makes the classifier more careful; a wrong one would let a stored
 * function pass, so test/integration/sql/builtin-functions.test.ts repeats the probe for every
 * listed name. (MySQL 9.7 no longer has MD5() and SHA1(): there they are stored-function calls.
 * MariaDB 11.8.9 made HOST, OWNER and SOCKET plain names: `host(` there may call a stored function.)
 */
const SHARED = `
abs accessible acos add adddate addtime aes_decrypt aes_encrypt all alter analyze and any as asc
ascii asensitive asin atan atan2 avg backup before begin benchmark between bigint bin binary
binlog bit bit_and bit_count bit_length bit_or bit_xor blob bool boolean both by byte cache call
cascade case cast ceil ceiling change char char_length character character_length charset check
checksum close coalesce code coercibility collate collation column comment commit compress
compressed concat concat_ws condition connection_id constraint contains continue conv convert
convert_tz cos cot count crc32 create cross cume_dist curdate current_date current_role
current_time current_timestamp current_user cursor curtime database databases date date_add
date_format date_sub datediff datetime day day_hour day_microsecond day_minute day_second dayname
dayofmonth dayofweek dayofyear deallocate dec decimal declare default degrees delayed delete
dense_rank desc describe deterministic distinct distinctrow div do double drop dual each else
elseif elt enclosed end enum escaped except exclude execute exists exit exp explain export_set
extract extractvalue false fetch field find_in_set first_value fixed float float4 float8 floor
flush following follows for force foreign format found_rows from from_base64 from_days
from_unixtime fulltext function get get_format get_lock global grant greatest group group_concat
handler having help hex high_priority hour hour_microsecond hour_minute hour_second if ifnull
ignore in index inet6_aton inet6_ntoa inet_aton inet_ntoa infile inner inout insensitive insert
install instr int int1 int2 int3 int4 int8 integer intersect interval into is is_free_lock is_ipv4
is_ipv4_compat is_ipv4_mapped is_ipv6 is_used_lock isnull iterate join json json_array
json_array_append json_array_insert json_arrayagg json_contains json_contains_path json_depth
json_extract json_insert json_keys json_length json_merge json_merge_patch json_merge_preserve
json_object json_objectagg json_overlaps json_pretty json_quote json_remove json_replace
json_search json_set json_type json_unquote json_valid json_value key keys kill lag language
last_day last_insert_id last_value lcase lead leading least leave left length like limit linear
lines ln load load_file local localtime localtimestamp locate lock log log10 log2 long longblob
longtext loop low_priority lower lpad ltrim make_set makedate maketime master_pos_wait match max
maxvalue mbrcontains mbrdisjoint mbrequals mbrintersects mbroverlaps mbrtouches mbrwithin medium
mediumblob mediumint mediumtext microsecond mid middleint min minute minute_microsecond
minute_second mod modifies month monthname name_const names national natural nchar no
no_write_to_binlog not now nth_value ntile null nullif number numeric nvarchar oct octet_length
offset on open optimize option optionally options or ord order others out outer outfile over
parser partition password percent_rank period_add period_diff pi port position pow power precedes
preceding precision prepare primary procedure purge quarter quote radians rand random_bytes range
rank read read_write reads real recursive references regexp regexp_instr regexp_replace
regexp_substr release release_all_locks release_lock remove rename repair repeat replace replica
replicas require reset resignal restore restrict return returning reverse revoke right rlike role
rollback round row row_count row_number rows rpad rtrim savepoint schema schemas sec_to_time
second second_microsecond security select sensitive separator serial server session session_user
set sha2 show shutdown sign signal signed sin slave sleep smallint some soname soundex sounds
space spatial specific sql sql_big_result sql_buffer_result sql_calc_found_rows sql_no_cache
sql_small_result sql_tsi_day sql_tsi_hour sql_tsi_minute sql_tsi_month sql_tsi_second sql_tsi_year
sqlexception sqlstate sqlwarning sqrt srid ssl st_area st_asbinary st_asgeojson st_astext st_aswkb
st_aswkt st_buffer st_centroid st_contains st_convexhull st_crosses st_difference st_dimension
st_disjoint st_distance st_distance_sphere st_endpoint st_envelope st_equals st_exteriorring
st_geomcollfromtext st_geomcollfromwkb st_geometrycollectionfromtext st_geometrycollectionfromwkb
st_geometryfromtext st_geometryfromwkb st_geometryn st_geometrytype st_geomfromgeojson
st_geomfromtext st_geomfromwkb st_interiorringn st_intersection st_intersects st_isclosed
st_isempty st_issimple st_length st_linefromtext st_linefromwkb st_linestringfromtext
st_linestringfromwkb st_mlinefromtext st_mlinefromwkb st_mpointfromtext st_mpointfromwkb
st_mpolyfromtext st_mpolyfromwkb st_numgeometries st_numinteriorrings st_numpoints st_overlaps
st_pointfromtext st_pointfromwkb st_pointn st_polyfromtext st_polyfromwkb st_polygonfromtext
st_polygonfromwkb st_srid st_startpoint st_symdifference st_touches st_union st_within st_x st_y
start starting stats_auto_recalc stats_persistent stats_sample_pages std stddev stddev_pop
stddev_samp stop stored str_to_date straight_join strcmp subdate substr substring substring_index
subtime sum sysdate system_user table tan terminated text then ties time time_format time_to_sec
timediff timestamp timestampadd timestampdiff tinyblob tinyint tinytext to to_base64 to_days
to_seconds trailing trigger trim true truncate ucase unbounded uncompress uncompressed_length undo
unhex unicode uninstall union unique unix_timestamp unlock unsigned update updatexml upgrade upper
usage use user using utc_date utc_time utc_timestamp uuid uuid_short value values var_pop var_samp
varbinary varchar varcharacter variance varying version week weekday weekofyear weight_string when
where while window with wrapper write xa xor year year_month yearweek zerofill
`;

const MYSQL_ONLY = `
host owner socket
absent account action active admin after against aggregate algorithm allow_missing_files always
any_value array assign_gtids_to_anonymous_transactions at attribute authentication auto
auto_increment auto_refresh auto_refresh_source autoextend_size avg_row_length bernoulli
bin_to_uuid block btree buckets bulk can_access_column can_access_database can_access_table
can_access_user can_access_view cascaded catalog_name chain challenge_response changed channel
cipher class_origin client clone column_format column_name columns committed compact completion
component compression concurrent connection consistent constraint_catalog constraint_name
constraint_schema context cpu cube current cursor_name data datafile default_auth definer
definition delay_key_write description diagnostics directory disable discard disk duality dumpfile
duplicate dynamic empty enable encryption ends enforced engine engine_attribute engines error
errors escape event events every exchange expansion expire export extended extent_size external
external_format factor failed_login_attempts fast faults fields file file_block_size file_format
file_name file_pattern file_prefix files filter finish first format_bytes format_pico_time found
full general generate generated geomcollection geometry geometrycollection
get_dd_column_privileges get_dd_create_options get_dd_index_sub_part_length get_source_public_key
grants group_replication grouping groups gtid_only gtid_subset gtid_subtract gtids guided hash
header histogram history hosts icu_version identified ignore_server_ids import inactive indexes
initial initial_size initiate insert_method instance internal_auto_increment
internal_avg_row_length internal_check_time internal_checksum internal_data_free
internal_data_length internal_dd_char_length internal_get_comment_or_error
internal_get_enabled_role_json internal_get_hostname internal_get_username
internal_get_view_warning_or_error internal_index_column_cardinality internal_index_length
internal_is_enabled_role internal_is_mandatory_role internal_keys_disabled
internal_max_data_length internal_table_rows internal_update_time invisible invoker io
io_after_gtids io_before_gtids io_thread ipc is_uuid is_visible_dd_object isolation issuer
json_schema_valid json_schema_validation_report json_storage_free json_storage_size json_table
key_block_size keyring last lateral leaves less level library linestring list locked locks logfile
logs manual masking master materialized max_connections_per_hour max_queries_per_hour max_rows
max_size max_updates_per_hour max_user_connections mbrcoveredby mbrcovers member memory merge
message_text migrate min_rows mode modify multilinestring multipoint multipolygon mutex
mysql_errno name ndb ndbcluster nested network_namespace never new next no_wait nodegroup none
nowait nulls of off oj old one only optimizer_costs optional ordinality organization pack_keys
page parallel parameters parse_tree partial partitioning partitions password_lock_time path
persist persist_only phase plugin plugin_dir plugins point policy polygon preserve prev
privilege_checks_user privileges process processlist profile profiles proxy ps_current_thread_id
ps_thread_id qualify query quick random read_only rebuild recover redo_buffer_size redundant
reference regexp_like registration relational relay relay_log_file relay_log_pos relay_thread
relaylog reload reorganize repeatable replicate_do_db replicate_do_table replicate_ignore_db
replicate_ignore_table replicate_rewrite_db replicate_wild_do_table replicate_wild_ignore_table
replication require_row_format require_table_primary_key_check resource respect restart resume
retain returned_sqlstate returns reuse roles_graphml rollup rotate routine row_format rtree s3
schedule schema_name secondary secondary_engine secondary_engine_attribute secondary_load
secondary_unload serializable sets share simple skip slow snapshot source source_auto_position
source_bind source_compression_algorithms source_connect_retry source_connection_auto_failover
source_delay source_heartbeat_period source_host source_log_file source_log_pos source_password
source_port source_pos_wait source_public_key_path source_retry_count source_ssl source_ssl_ca
source_ssl_capath source_ssl_cert source_ssl_cipher source_ssl_crl source_ssl_crlpath
source_ssl_key source_ssl_verify_server_cert source_tls_ciphersuites source_tls_version
source_user source_zstd_compression_level sql_after_gtids sql_after_mts_gaps sql_before_gtids
sql_thread sql_tsi_quarter sql_tsi_week st_buffer_strategy st_collect st_frechetdistance
st_geohash st_hausdorffdistance st_isvalid st_latfromgeohash st_latitude st_lineinterpolatepoint
st_lineinterpolatepoints st_longfromgeohash st_longitude st_makeenvelope st_pointatdistance
st_pointfromgeohash st_simplify st_swapxy st_transform st_validate stacked starts statement_digest
statement_digest_text status storage stream strict_load string string_to_vector subclass_origin
subject subpartition subpartitions super suspend swaps switches system table_checksum table_name
tables tablesample tablespace temporary temptable than thread_priority tls transaction triggers
type types uncommitted undefined undo_buffer_size undofile unknown unregister until uri url
use_frm user_resources uuid_to_bin validate validate_password_strength validation variables vcpu
vector vector_dim vector_to_string verify_key_constraints view virtual visible wait
wait_for_executed_gtid_set warnings without work x509 xid xml zone
`;

const MARIADB_ONLY = `
add_months area asbinary astext aswkb aswkt binlog_gtid_pos boundary buffer centroid checkpoint
chr clob column_add column_check column_create column_delete column_exists column_get column_json
column_list concat_operator_oracle convexhull crc32c crosses decode decode_histogram decode_oracle
delete_domain_id des_decrypt des_encrypt dimension disjoint do_domain_ids encode encrypt endpoint
envelope equals examined exteriorring geomcollfromtext geomcollfromwkb geometrycollectionfromtext
geometrycollectionfromwkb geometryfromtext geometryfromwkb geometryn geometrytype geomfromtext
geomfromwkb glength id ignore_domain_ids ignored interiorringn intersects isclosed isempty isring
issimple json_compact json_detailed json_equals json_exists json_loose json_normalize json_query
lastval lengthb linefromtext linefromwkb linestringfromtext linestringfromwkb lpad_oracle
ltrim_oracle master_demote_to_replica master_demote_to_slave master_gtid_wait mbrequal md5 median
mlinefromtext mlinefromwkb mpointfromtext mpointfromwkb mpolyfromtext mpolyfromwkb
multilinestringfromtext multilinestringfromwkb multipointfromtext multipointfromwkb
multipolygonfromtext multipolygonfromwkb natural_sort_key nextval numgeometries numinteriorrings
numpoints nvl nvl2 old_password overlaps page_checksum parse_vcol_expr percentile_cont
percentile_disc period pointfromtext pointfromwkb pointn pointonsurface polyfromtext polyfromwkb
polygonfromtext polygonfromwkb portion raw ref_system_id replace_oracle rownum rpad_oracle
rtrim_oracle setval sformat sha sha1 slaves sql_cache st_boundary st_isring st_pointonsurface
st_relate startpoint substr_oracle sys_guid to_char touches trim_oracle varchar2 within
wsrep_last_seen_gtid wsrep_last_written_gtid wsrep_sync_wait_upto_gtid x y
`;

const words = (list: string): string[] => list.trim().split(/\s+/);
const shared = words(SHARED);
const FOR_FLAVOR: Record<SqlFlavor | 'any', ReadonlySet<string>> = {
  mysql: new Set([...shared, ...words(MYSQL_ONLY)]),
  mariadb: new Set([...shared, ...words(MARIADB_ONLY)]),
  // Flavor unknown: only what both call built-in.
  any: new Set(shared),
};

/** The names listed for a flavor (both flavors' common names when it is not given), lower case. */
export function builtinFunctionNames(flavor?: SqlFlavor): ReadonlySet<string> {
  return FOR_FLAVOR[flavor ?? 'any'];
}

/** Whether `name(` is a built-in function or keyword on that flavor (case-insensitive). */
export function isBuiltinFunction(name: string, flavor?: SqlFlavor): boolean {
  return builtinFunctionNames(flavor).has(name.toLowerCase());
}
