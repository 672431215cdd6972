#!/bin/sh
# Make sure the PostgreSQL and Redis the server tests use are up (127.0.0.1:5432 with
# trust auth, 127.0.0.1:6379).  Both are started before a session on our machines;
# elsewhere this starts the local ones.
set -e
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "Redis is not answering on 127.0.0.1:6379: starting it"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
        --dir /tmp >/dev/null
    for _ in $(seq 1 20); do
        redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break
        sleep 0.5
    done
fi
HOST=${NAVCOMP_PG_HOST:-127.0.0.1}
PORT=${NAVCOMP_PG_PORT:-5432}
if pg_isready -q -h "$HOST" -p "$PORT" 2>/dev/null; then
    exit 0
fi
echo "PostgreSQL is not answering on $HOST:$PORT: starting it"
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
elif command -v service >/dev/null 2>&1; then
    service postgresql start || true
fi
for _ in $(seq 1 30); do
    if pg_isready -q -h "$HOST" -p "$PORT"; then
        exit 0
    fi
    sleep 1
done
echo "PostgreSQL did not start; the server tests need it (see docs/server.md)" >&2
exit 1
