#!/usr/bin/env bash
# Runs the Python example against SERVICE_URL (Python 3.9 or later, standard library only).
set -euo pipefail
cd "$(dirname "$0")"
: "${SERVICE_URL:?}" "${MERCHANT_UID:?}" "${API_KEY:?}" "${API_SECRET:?}"
exec python3 merchant.py
