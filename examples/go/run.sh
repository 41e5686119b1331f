#!/usr/bin/env bash
# Builds the Go example once (standard library only: nothing is downloaded) and runs it against
# SERVICE_URL.
set -euo pipefail
cd "$(dirname "$0")"
: "${SERVICE_URL:?}" "${MERCHANT_UID:?}" "${API_KEY:?}" "${API_SECRET:?}"
export GOPROXY=off GOFLAGS=-mod=mod GOTOOLCHAIN=local
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/merchant" .
"$bin/merchant"
