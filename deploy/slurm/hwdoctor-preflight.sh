#!/bin/sh
# hwdoctor preflight for Slurm, as a Prolog or a HealthCheckProgram (deploy/slurm/slurm.conf).
#
# Runs `hwdoctor detect` on this node with the requirements in HWDOCTOR_REQUIRE
# (space-separated, default "cuda"); when the node fails them, or hwdoctor finds an error,
# the node is drained with hwdoctor's first finding as the reason, and the script exits 1
# (for a Prolog, Slurm then requeues the job elsewhere). With HWDOCTOR_EVIDENCE_DIR, the
# node also writes DIR/{host}.json for `hwdoctor detect --from DIR`, the fleet report.
#
# Environment (set in the slurmd unit, or edit the defaults here):
#   HWDOCTOR          the hwdoctor executable, in the venv your jobs use
#   HWDOCTOR_REQUIRE  e.g. "cuda>=8 memory>=70GiB torch>=2.6"
#   HWDOCTOR_TIMEOUT  seconds one probe step may hang (keep it below PrologEpilogTimeout)
#   HWDOCTOR_EVIDENCE_DIR  a directory every node can write (optional)
set -u

HWDOCTOR="${HWDOCTOR:-/opt/ml/venv/bin/hwdoctor}"
HWDOCTOR_REQUIRE="${HWDOCTOR_REQUIRE:-cuda}"
HWDOCTOR_TIMEOUT="${HWDOCTOR_TIMEOUT:-60}"
NODE="${SLURMD_NODENAME:-$(hostname -s)}"

set --
for requirement in $HWDOCTOR_REQUIRE; do
    set -- "$@" --require "$requirement"
done
if [ -n "${HWDOCTOR_EVIDENCE_DIR:-}" ]; then
    set -- "$@" --save-evidence "$HWDOCTOR_EVIDENCE_DIR/{host}.json"
fi

report=$("$HWDOCTOR" detect --timeout "$HWDOCTOR_TIMEOUT" --json "$@" 2>/dev/null)
status=$?
if [ "$status" -eq 0 ]; then
    exit 0
fi
# Exit 1: a problem on this node. 2 and 3 (a usage error, hwdoctor's own) drain it too:
# a preflight that cannot run is no pass.
reason=$(printf '%s' "$report" | "${HWDOCTOR_PYTHON:-python3}" -c '
import json, sys
try:
    data = json.load(sys.stdin)
except ValueError:
    print("hwdoctor could not run"); sys.exit()
unmet = [r["requirement"] + ": " + r["found"]
         for r in (data.get("data") or {}).get("requirements", []) if not r["met"]]
errors = [f["message"] for f in (data.get("data") or {}).get("findings", [])
          if f["severity"] == "error"]
problems = [e["message"] for e in data.get("errors", [])]
print(("hwdoctor: " + (unmet + errors + problems + ["exit %s" % data.get("exit_code")])[0])[:200])
' 2>/dev/null)
scontrol update NodeName="$NODE" State=DRAIN Reason="${reason:-hwdoctor: preflight failed}"
exit 1
