#!/usr/bin/env bash
# Starts a two-shard ClickHouse cluster named `sightline` on loopback: two clickhouse-server processes with
# their data under $1 (default /tmp/sightline-ch), HTTP ports ${CH_HTTP_BASE:-18123} and +1, native TCP ports
# ${CH_TCP_BASE:-19000} and +1. Prints the HTTP URL of shard 1 (any shard can answer Distributed queries).
set -euo pipefail
root=${1:-/tmp/sightline-ch}
http_base=${CH_HTTP_BASE:-18123}
tcp_base=${CH_TCP_BASE:-19000}
mkdir -p "$root"
remote_servers="<remote_servers><sightline>"
for i in 0 1; do
  remote_servers+="<shard><replica><host>127.0.0.1</host><port>$((tcp_base + i))</port></replica></shard>"
done
remote_servers+="</sightline></remote_servers>"
for i in 0 1; do
  dir="$root/shard$((i + 1))"
  mkdir -p "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/log"
  cp /etc/clickhouse-server/users.xml "$dir/users.xml"
  cat > "$dir/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>$dir/log/server.log</log><errorlog>$dir/log/error.log</errorlog><size>100M</size><count>2</count></logger>
  <http_port>$((http_base + i))</http_port>
  <tcp_port>$((tcp_base + i))</tcp_port>
  <interserver_http_port>$((tcp_base + 9 + i))</interserver_http_port>
  <listen_host>127.0.0.1</listen_host>
  <max_connections>512</max_connections>
  <max_concurrent_queries>100</max_concurrent_queries>
  <mark_cache_size>536870912</mark_cache_size>
  <uncompressed_cache_size>536870912</uncompressed_cache_size>
  <path>$dir/data/</path>
  <tmp_path>$dir/tmp/</tmp_path>
  <user_files_path>$dir/user_files/</user_files_path>
  <users_config>$dir/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
  $remote_servers
  <macros><shard>$((i + 1))</shard></macros>
  <query_log><database>system</database><table>query_log</table><flush_interval_milliseconds>500</flush_interval_milliseconds></query_log>
</yandex>
XML
  if ! curl -sf "http://127.0.0.1:$((http_base + i))/ping" >/dev/null 2>&1; then
    # The whole subshell is redirected (and the server exec'd) so no process keeps the caller's stdout open:
    # callers read this script's output with $(...), which waits until every writer has closed it.
    (cd "$dir" && exec clickhouse-server --config-file="$dir/config.xml") </dev/null >"$dir/log/stdout.log" 2>&1 &
  fi
done
for i in 0 1; do
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$((http_base + i))/ping" >/dev/null 2>&1 && break
    sleep 0.2
  done
  curl -sf "http://127.0.0.1:$((http_base + i))/ping" >/dev/null || { echo "ClickHouse shard $((i + 1)) did not start; see $root/shard$((i + 1))/log" >&2; exit 1; }
done
echo "http://127.0.0.1:$http_base"
