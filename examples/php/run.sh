#!/usr/bin/env bash
# Runs the PHP example: the shop's endpoints under PHP's built-in server on a free loopback port,
# then the run (merchant.php) against SERVICE_URL. Exits with the run's status.
set -euo pipefail
cd "$(dirname "$0")"
: "${SERVICE_URL:?}" "${MERCHANT_UID:?}" "${API_KEY:?}" "${API_SECRET:?}"
SHOP_DATA=$(mktemp -d)
PORT=$(php -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo explode(":", stream_socket_get_name($s, false))[1];')
export SHOP_DATA SHOP_URL="http://127.0.0.1:${PORT}"
php -S "127.0.0.1:${PORT}" shop.php >"${SHOP_DATA}/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$SHOP_DATA"' EXIT
for _ in $(seq 1 100); do
  php -r 'exit(@fsockopen("127.0.0.1", (int) $argv[1]) ? 0 : 1);' "$PORT" 2>/dev/null && break
  sleep 0.1
done
php merchant.php
