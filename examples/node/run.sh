#!/usr/bin/env bash
# Runs the Node.js example (TypeScript) against SERVICE_URL. Node 20 runs TypeScript through tsx
# (this repository's dev dependency; elsewhere `npm install --save-dev tsx`); Node 23.6 or later
# can run it directly with `node merchant.ts`.
set -euo pipefail
cd "$(dirname "$0")"
: "${SERVICE_URL:?}" "${MERCHANT_UID:?}" "${API_KEY:?}" "${API_SECRET:?}"
exec node --import tsx merchant.ts
