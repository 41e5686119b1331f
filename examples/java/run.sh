#!/usr/bin/env bash
# Runs the Java example against SERVICE_URL (Java 17 or later, standard library only): the
# launcher compiles the single source file in memory, once, and runs it.
set -euo pipefail
cd "$(dirname "$0")"
: "${SERVICE_URL:?}" "${MERCHANT_UID:?}" "${API_KEY:?}" "${API_SECRET:?}"
exec java Merchant.java
