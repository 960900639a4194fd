#!/usr/bin/env bash
# The pre-push suite (`npm run test:quick`): type-check and lint, beside the domain and component
# tests and the API tests on PostgreSQL. The API tests on PGlite and the browser tests are left to
# CI (`bash .ci/run`). Needs a PostgreSQL server whose user may create databases: TEST_POSTGRES_URL,
# by default the local one.
set -uo pipefail
cd "$(dirname "$0")/.."
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
npm run --silent typecheck > /tmp/sg-quick-typecheck.log 2>&1 & typecheck=$!
npm run --silent lint > /tmp/sg-quick-lint.log 2>&1 & lint=$!
failed=0
npx vitest run --project domain --project components --project api-postgres || failed=1
wait "$typecheck" || { failed=1; echo '--- type-check'; cat /tmp/sg-quick-typecheck.log; }
wait "$lint" || { failed=1; echo '--- lint'; cat /tmp/sg-quick-lint.log; }
[ "$failed" = 0 ] && echo "test:quick passed in ${SECONDS}s"
exit "$failed"
