# Sourced by the check scripts in tools/: `source tools/workdir.sh NAME KEEP_VARIABLE` makes a temporary
# folder for this run in WORK (handrank-NAME.XXXXXX under TMPDIR), removed when the script exits unless
# the environment variable named KEEP_VARIABLE is 1 (then its path is printed), and sets started to
# the seconds the shell has run, for the closing time.
WORK="$(mktemp -d "${TMPDIR:-/tmp}/handrank-$1.XXXXXX")"
HANDRANK_KEEP_VARIABLE="$2"
cleanup() {
    if [[ "${!HANDRANK_KEEP_VARIABLE:-0}" == 1 ]]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
started=$SECONDS
