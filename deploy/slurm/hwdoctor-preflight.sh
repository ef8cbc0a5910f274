#!/bin/sh
# hwdoctor's preflight for Slurm: the Prolog and the HealthCheckProgram of
# deploy/slurm/slurm.conf, installed as /etc/slurm/hwdoctor-preflight.sh and configured by
# /etc/default/hwdoctor (deploy/slurm/hwdoctor.default). tests/test_slurm.py runs it through
# a real slurmd (22.05.8) with gres GPUs and jobs submitted by an ordinary user.
#
# WHAT IT JUDGES
#   As the Prolog (slurmd sets SLURM_SCRIPT_CONTEXT=prolog_slurmd): that the GPUs slurmd gave
#   this job work. hwdoctor sees only the job's GPUs (the vendor's visibility variable as
#   slurmd set it for the Prolog, e.g. CUDA_VISIBLE_DEVICES=1 for /dev/nvidia1, or
#   SLURM_JOB_GPUS where slurmd set none) and must find every one of them usable (cuda>=N
#   for N GPUs), plus PROLOG_REQUIRE. A job without GPUs is not probed: it has none to judge here.
#   As the HealthCheckProgram (no SLURM_SCRIPT_CONTEXT): the whole node, every GPU, against
#   HEALTHCHECK_REQUIRE ("cuda>=8 memory>=70GiB ..."): node-wide counts belong there.
#   Why not clear the visibility variables in the Prolog and judge the node before every
#   job: other jobs may hold the node's other GPUs while this one starts, and a probe of
#   theirs creates a CUDA context on each (memory taken from a running job), or fails
#   outright on a GPU in EXCLUSIVE_PROCESS compute mode ("only one context used by a single
#   process can be present on this device at a time", CUDA Driver API, CUcomputemode);
#   it would also cost every small job a probe of GPUs it never uses. The health check runs
#   with HealthCheckNodeState=IDLE (slurm.conf(5): "Run on nodes in the IDLE state"), when no
#   job holds a GPU, so the node-wide probe disturbs nobody.
#
# CONFIGURATION: /etc/default/hwdoctor, never the environment
#   slurmd gives a Prolog no search path and no environment of its own: only SLURM_* and the
#   job's GPU variables ("Prolog and Epilog Guide", https://slurm.schedmd.com/prolog_epilog.html,
#   as Debian's slurm-wlm-doc 22.05.8 ships it: "these programs do not have a search path
#   set"; its table of variables), and no PATH at all (seen on 22.05.8); a
#   HealthCheckProgram gets SLURMD_NODENAME and nothing else (seen on 22.05.8). So every
#   setting comes from CONFIG below, which must be a regular file owned by root that no one
#   else can write, in directories only root can change; otherwise the node is drained with
#   "hwdoctor could not run: /etc/default/hwdoctor ...". The file is read as data, one
#   KEY=value per line (# comments, blank lines; a value may be wrapped in one pair of
#   quotes; no $ expansion, no escapes, nothing is executed); an unknown key is refused, so
#   is a value with a control or non-ASCII character. Variables of the same names in the environment are
#   ignored: this script starts from an empty one (env -i).
#
# PRIVILEGES: hwdoctor never runs as root
#   hwdoctor, the interpreter it diagnoses (PYTHON) and everything they import run as
#   RUN_AS (default nobody), through setpriv with no capabilities and no_new_privs, in an
#   empty environment. Not "as root when the venv looks root-only": no check of a Python
#   environment sees all it will run (.pth lines execute code, editable installs and
#   entry points load modules from wherever they point), and whoever can write any of it
#   would own every node. A job runs unprivileged too, so the probe sees the device
#   permissions a job sees (an NVIDIA install makes /dev/nvidia* 0666 by default,
#   open-gpu-kernel-modules kernel-open/nvidia/nv-reg.h, DeviceFileMode; AMD's /dev/kfd and
#   /dev/dri/renderD* belong to the render group: give RUN_AS a user in that group). As
#   root this script only reads CONFIG, makes a private directory, calls setpriv, timeout
#   and scontrol, and moves the evidence file; it opens no file the unprivileged side could
#   have planted, and reads what that side wrote only as RUN_AS.
#
# TIME: the whole run ends before Slurm kills it
#   PrologEpilogTimeout: "If the Prolog ... time out, the job is requeued if possible and
#   the node is drained" (slurm.conf(5)); the HealthCheckProgram "will be killed if it does
#   not terminate normally within 60 seconds" (slurm.conf(5)). The whole run takes at most
#   PROLOG_SECONDS (default 150; the shipped PrologEpilogTimeout is 180) or
#   HEALTHCHECK_SECONDS (default 50): hwdoctor runs under `timeout` for SECONDS - 12 (and
#   is killed 1 s later), reading its report takes at most 3 s, saving the evidence 3 s,
#   scontrol 5 s. A probe step may hang for STEP = (SECONDS - 12) / 4 seconds before hwdoctor calls
#   it hung: hwdoctor probes again around such a step, up to 4 runs in all
#   (hwdoctor/gather/probe/job.py, MAX_RUNS).
#
# WHAT THE OPERATOR SEES
#   A node that is bad:        Reason="hwdoctor: <hwdoctor's first unmet requirement or error>"
#   hwdoctor could not judge:  Reason="hwdoctor could not run: <why>" (missing or not
#     executable, a bad CONFIG, a usage error in a requirement, a crash, no answer in time).
#   Both drain the node (a preflight that did not run is no pass) and exit 1. For a Prolog,
#   Slurm then requeues the job held and would drain the node with Reason="Prolog error"
#   ("Failure Handling" in the guide above); the reason set here first is kept (seen on
#   22.05.8). On exit 1
#   slurmd writes this script's output to its log ("prolog failed: rc:1 output:..." or
#   "health_check failed: rc:1 output:..."), so the verdict and the tail of hwdoctor's own
#   messages go to standard error, never to /dev/null. The guide asks Prologs not to call
#   Slurm commands; this one calls scontrol once, only to drain.
#
# EVIDENCE (EVIDENCE_DIR, default /var/lib/hwdoctor; empty: none)
#   The HealthCheckProgram writes EVIDENCE_DIR/<node>.json, the whole node as hwdoctor saw
#   it, for `hwdoctor detect --from DIR` (the fleet report). The directory is made 0700 and
#   must belong to root and be writable by no one else; the file is 0600. A Prolog sees a
#   job's share of the GPUs, which would make nodes differ by job size, so it writes none.
#   Collect the files as root from each node (docs/clusters.md, "Slurm"). A failure to
#   save is a warning on standard error, never a failed preflight.
#
# METRICS (METRICS_DIR, default empty: none)
#   The HealthCheckProgram also writes METRICS_DIR/hwdoctor.prom for node_exporter's textfile
#   collector (`--collector.textfile.directory`): the verdict, each finding and the GPU
#   health counters, from `hwdoctor detect --from <the evidence> --format prometheus` with
#   the same requirements, run as RUN_AS (no torch, about a second), moved into place by
#   root whole (a temporary file beside it, then a rename, as the collector asks). The
#   directory must belong to root and be writable by no one else. A failure is a warning.
#
# NEEDS: a POSIX sh, GNU coreutils (stat -c, readlink -f, timeout, mv -T), util-linux's
# setpriv, and scontrol.

CONFIG=/etc/default/hwdoctor

set -u
set -f  # no globbing: a requirement such as torch==2.* is a word, not a pattern
umask 077
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
LC_ALL=C
export LC_ALL
cd / || exit 1

NODE=${SLURMD_NODENAME:-}
case ${SLURM_SCRIPT_CONTEXT:-} in
    prolog_slurmd) MODE=prolog ;;
    '') MODE=healthcheck ;;
    *) MODE="unknown:${SLURM_SCRIPT_CONTEXT}" ;;
esac
WORK=
trap 'if [ -n "$WORK" ]; then rm -rf -- "$WORK"; fi' EXIT
trap 'exit 1' HUP INT TERM

say() {
    printf 'hwdoctor-preflight: %s\n' "$*" >&2
}

# One line for a Reason: printable ASCII, at most 200 characters.
clean() {
    printf '%s' "$1" | tr '\n\t' '  ' | tr -cd '[:print:]' | cut -c1-200
}

drain() {
    reason=$(clean "$1")
    say "$MODE on ${NODE:-this node}: $reason"
    # hwdoctor's own messages (its stderr), the last 2000 bytes, follow the verdict.
    if [ -n "$WORK" ] && [ -s "$WORK/stderr" ]; then
        say "hwdoctor's messages:"
        tail -c 2000 "$WORK/stderr" | tr -cd '[:print:]\n' >&2
        printf '\n' >&2
    fi
    case $NODE in
        '' | *[!A-Za-z0-9._-]*)
            say "SLURMD_NODENAME is not a node name; not draining"
            exit 1 ;;
    esac
    if ! timeout -k 1 4 "$SCONTROL" update NodeName="$NODE" State=DRAIN Reason="$reason" >&2
    then
        say "scontrol could not drain $NODE"
    fi
    exit 1
}

could_not_run() {
    drain "hwdoctor could not run: $1"
}

# The owner, octal mode and type of PATH itself (a symbolic link is not followed).
inode() {
    stat -c '%u %a %F' -- "$1" 2>/dev/null
}

# Whether only root can change PATH: it, and every directory above it (as written and as
# resolved), belong to root and are writable by no one else. A directory above it may be
# world-writable if it is sticky (/tmp): no one else can replace root's entry there.
# Sets WHY when not.
root_only() {
    for candidate in "$1" "$(readlink -f -- "$1")"; do
        [ -n "$candidate" ] || { WHY="$1 cannot be resolved"; return 1; }
        current=$candidate
        while :; do
            facts=$(inode "$current") || { WHY="$current cannot be read"; return 1; }
            uid=${facts%% *}
            rest=${facts#* }
            mode=${rest%% *}
            kind=${rest#* }
            if [ "$uid" != 0 ]; then
                WHY="$current belongs to uid $uid, not root"
                return 1
            fi
            if [ "$kind" != "symbolic link" ] && [ $((0$mode & 022)) -ne 0 ]; then
                if [ "$current" = "$candidate" ] || [ $((0$mode & 01000)) -eq 0 ]; then
                    WHY="$current can be written by others than root (mode $mode)"
                    return 1
                fi
            fi
            [ "$current" = / ] && break
            current=$(dirname -- "$current")
        done
    done
    return 0
}

# --- configuration ------------------------------------------------------------------------
HWDOCTOR=/opt/hwdoctor/bin/hwdoctor
PYTHON=
RUN_AS=nobody
GPU=nvidia
PROLOG_REQUIRE=
HEALTHCHECK_REQUIRE=
PROLOG_SECONDS=150
HEALTHCHECK_SECONDS=50
EVIDENCE_DIR=/var/lib/hwdoctor
METRICS_DIR=
SCONTROL=scontrol
PROBE_PATH=/usr/local/bin:/usr/bin:/bin
PROBE_PYTHONPATH=
PROBE_LD_LIBRARY_PATH=
PROBE_HWDOCTOR_HOST_ROOT=

SCONTROL_SET=scontrol

bad_config() {
    could_not_run "$CONFIG: $1"
}

if [ ! -e "$CONFIG" ] && [ ! -L "$CONFIG" ]; then
    could_not_run "$CONFIG is missing (install deploy/slurm/hwdoctor.default there)"
fi
if [ -L "$CONFIG" ] || [ ! -f "$CONFIG" ]; then
    bad_config "not a regular file"
fi
root_only "$CONFIG" || bad_config "refused, $WHY"
if [ "$(wc -c < "$CONFIG")" -gt 65536 ]; then
    bad_config "larger than 64 KiB"
fi
number=0
while IFS= read -r line || [ -n "$line" ]; do
    number=$((number + 1))
    line=${line#"${line%%[! 	]*}"}
    case $line in '' | '#'*) continue ;; esac
    key=${line%%=*}
    [ "$key" != "$line" ] || bad_config "line $number: expected KEY=value"
    value=${line#*=}
    case $value in
        \"*\") value=${value#\"}; value=${value%\"} ;;
        \'*\') value=${value#\'}; value=${value%\'} ;;
    esac
    case $value in *[![:print:]]*) bad_config "line $number: $key holds a control or non-ASCII character" ;; esac
    case $key in
        HWDOCTOR) HWDOCTOR=$value ;;
        PYTHON) PYTHON=$value ;;
        RUN_AS) RUN_AS=$value ;;
        GPU) GPU=$value ;;
        PROLOG_REQUIRE) PROLOG_REQUIRE=$value ;;
        HEALTHCHECK_REQUIRE) HEALTHCHECK_REQUIRE=$value ;;
        PROLOG_SECONDS) PROLOG_SECONDS=$value ;;
        HEALTHCHECK_SECONDS) HEALTHCHECK_SECONDS=$value ;;
        EVIDENCE_DIR) EVIDENCE_DIR=$value ;;
        METRICS_DIR) METRICS_DIR=$value ;;
        SCONTROL) SCONTROL_SET=$value ;;
        PATH) PROBE_PATH=$value ;;
        PYTHONPATH) PROBE_PYTHONPATH=$value ;;
        LD_LIBRARY_PATH) PROBE_LD_LIBRARY_PATH=$value ;;
        HWDOCTOR_HOST_ROOT) PROBE_HWDOCTOR_HOST_ROOT=$value ;;
        *) bad_config "line $number: unknown setting $(clean "$key")" ;;
    esac
done < "$CONFIG"

# scontrol first: a bad value below is reported by draining through it (until then, the
# scontrol of the fixed PATH above drains).
case $SCONTROL_SET in
    /*) root_only "$SCONTROL_SET" || bad_config "SCONTROL refused, $WHY" ;;
    scontrol) ;;
    *) bad_config "SCONTROL must be an absolute path" ;;
esac
SCONTROL=$SCONTROL_SET
case $MODE in
    prolog) SECONDS_ALLOWED=$PROLOG_SECONDS; REQUIRE=$PROLOG_REQUIRE ;;
    healthcheck) SECONDS_ALLOWED=$HEALTHCHECK_SECONDS; REQUIRE=$HEALTHCHECK_REQUIRE ;;
    *) could_not_run "started as ${MODE#unknown:}: install it as Prolog or HealthCheckProgram" ;;
esac
case $SECONDS_ALLOWED in
    '' | *[!0-9]* | ?????*) bad_config "the ${MODE}'s seconds must be a whole number" ;;
esac
if [ "$SECONDS_ALLOWED" -lt 32 ]; then
    bad_config "the ${MODE}'s seconds ($SECONDS_ALLOWED) leave hwdoctor no time; 32 at least"
fi
# What the steps after hwdoctor's may take (see "Budget" below): 12 s, and 4 more for the
# metrics of a HealthCheckProgram.
RESERVE=12
if [ "$MODE" = healthcheck ] && [ -n "$METRICS_DIR" ]; then
    RESERVE=16
fi
STEP=$(( (SECONDS_ALLOWED - RESERVE) / 4 ))
case $GPU in
    nvidia) DEVICE=cuda; VISIBLE=CUDA_VISIBLE_DEVICES ;;
    # ROCm reads ROCR_VISIBLE_DEVICES before CUDA_VISIBLE_DEVICES, and slurmd sets both
    # unless gres.conf says Flags=amd_gpu_env (gres.conf(5)): pass the one variable only.
    amd) DEVICE=cuda; VISIBLE=ROCR_VISIBLE_DEVICES ;;
    intel) DEVICE=xpu; VISIBLE=ZE_AFFINITY_MASK ;;
    none) DEVICE=; VISIBLE= ;;
    *) bad_config "GPU must be nvidia, amd, intel or none, not $(clean "$GPU")" ;;
esac
case $HWDOCTOR in
    /*) ;;
    *) bad_config "HWDOCTOR must be an absolute path" ;;
esac
if [ ! -f "$HWDOCTOR" ] || [ ! -x "$HWDOCTOR" ]; then
    could_not_run "HWDOCTOR=$HWDOCTOR is not an executable file"
fi
if ! RUN_UID=$(id -u -- "$RUN_AS" 2>/dev/null) || ! RUN_GID=$(id -g -- "$RUN_AS" 2>/dev/null)
then
    bad_config "RUN_AS=$(clean "$RUN_AS") is not a user of this node"
fi
if [ "$RUN_UID" = 0 ]; then
    bad_config "RUN_AS=$RUN_AS is root; hwdoctor never runs as root"
fi

# --- what to probe --------------------------------------------------------------------------
set --
if [ "$MODE" = prolog ] && [ -n "$VISIBLE" ]; then
    eval "job_gpus=\${$VISIBLE:-\${SLURM_JOB_GPUS:-}}"
    # shellcheck disable=SC2154  # set by the eval above, from slurmd's environment
    case $job_gpus in
        '') exit 0 ;;  # a job without GPUs: nothing of its own to judge here
        *[!0-9,]* | ,* | *, | *,,*) could_not_run "slurmd gave the job GPUs '$(clean "$job_gpus")'" ;;
    esac
    count=$(printf '%s\n' "$job_gpus" | tr ',' '\n' | grep -c .)
    set -- "$@" --require "$DEVICE>=$count"
fi
for requirement in $REQUIRE; do
    set -- "$@" --require "$requirement"
done
if [ -z "$REQUIRE" ] && [ "$MODE" = healthcheck ] && [ -n "$DEVICE" ]; then
    set -- "$@" --require "$DEVICE"
fi
if [ -n "$PYTHON" ]; then
    set -- "$@" --python "$PYTHON"
fi

# A private directory: root's outputs in it, and RUN_AS's home (HOME, TMPDIR, the evidence).
WORK=$(mktemp -d /tmp/hwdoctor-preflight.XXXXXXXX) || could_not_run "mktemp failed"
{ chmod 0711 "$WORK" && mkdir -m 0700 "$WORK/home" && chown "$RUN_UID:$RUN_GID" "$WORK/home" \
    && : > "$WORK/report.json" && : > "$WORK/stderr"; } || could_not_run "cannot prepare $WORK"
if [ "$MODE" = healthcheck ] && { [ -n "$EVIDENCE_DIR" ] || [ -n "$METRICS_DIR" ]; }; then
    set -- "$@" --save-evidence "$WORK/home/evidence.json"
fi
visible=
if [ -n "${job_gpus:-}" ]; then
    visible="$VISIBLE=$job_gpus"
fi

# `as_user SECONDS CMD...`: CMD as RUN_AS for at most SECONDS (killed 1 s later), in its
# home, with an empty environment but for what CONFIG says and the job's GPUs.
as_user() {
    limit=$1
    shift
    (cd "$WORK/home" && exec timeout -k 1 "$limit" \
        setpriv --reuid="$RUN_UID" --regid="$RUN_GID" --init-groups --no-new-privs \
        --inh-caps=-all --bounding-set=-all -- \
        env -i HOME="$WORK/home" TMPDIR="$WORK/home" PATH="$PROBE_PATH" LANG=C.UTF-8 \
        ${PROBE_PYTHONPATH:+"PYTHONPATH=$PROBE_PYTHONPATH"} \
        ${PROBE_LD_LIBRARY_PATH:+"LD_LIBRARY_PATH=$PROBE_LD_LIBRARY_PATH"} \
        ${PROBE_HWDOCTOR_HOST_ROOT:+"HWDOCTOR_HOST_ROOT=$PROBE_HWDOCTOR_HOST_ROOT"} \
        ${visible:+"$visible"} "$@")
}

# Budget: hwdoctor gets SECONDS - RESERVE (and 1 to die), reading its report 3, saving the
# evidence 3, the metrics 4 (where asked), scontrol 5: the whole run ends within SECONDS.
status=0
as_user $((SECONDS_ALLOWED - RESERVE)) "$HWDOCTOR" detect --json --timeout "$STEP" "$@" \
    > "$WORK/report.json" 2> "$WORK/stderr" < /dev/null || status=$?

# The evidence (HealthCheckProgram only): read as RUN_AS, written by root into EVIDENCE_DIR.
if [ "$MODE" = healthcheck ] && [ -n "$EVIDENCE_DIR" ] && [ "$status" -le 1 ]; then
    WHY=
    case $EVIDENCE_DIR in
        /*) ;;
        *) WHY="EVIDENCE_DIR must be an absolute path" ;;
    esac
    case $NODE in
        '' | *[!A-Za-z0-9._-]*) WHY="SLURMD_NODENAME is not a node name" ;;
    esac
    if [ -z "$WHY" ] && [ ! -e "$EVIDENCE_DIR" ] && [ ! -L "$EVIDENCE_DIR" ]; then
        # shellcheck disable=SC2174  # umask 077 makes the parents 0700 as well
        mkdir -p -m 0700 -- "$EVIDENCE_DIR" || WHY="cannot make $EVIDENCE_DIR"
    fi
    if [ -z "$WHY" ] && { [ -L "$EVIDENCE_DIR" ] || [ ! -d "$EVIDENCE_DIR" ]; }; then
        WHY="$EVIDENCE_DIR is not a directory"
    fi
    if [ -z "$WHY" ] && root_only "$EVIDENCE_DIR"; then
        partial=$(mktemp "$EVIDENCE_DIR/.$NODE.json.XXXXXXXX") || WHY="cannot write in $EVIDENCE_DIR"
        if [ -z "$WHY" ]; then
            if as_user 2 head -c 16777217 -- "$WORK/home/evidence.json" > "$partial" 2>/dev/null \
                && [ -s "$partial" ] && [ "$(wc -c < "$partial")" -le 16777216 ] \
                && chmod 0600 "$partial" && mv -f -T -- "$partial" "$EVIDENCE_DIR/$NODE.json"
            then
                :
            else
                rm -f -- "$partial"
                WHY="hwdoctor wrote none, more than 16 MiB, or it could not be moved into place"
            fi
        fi
    fi
    if [ -n "$WHY" ]; then
        say "warning: no evidence saved: $WHY"
    fi
fi

# The metrics (HealthCheckProgram only): the saved evidence replayed as RUN_AS with the same
# requirements (no torch), written by root into METRICS_DIR whole.
if [ "$MODE" = healthcheck ] && [ -n "$METRICS_DIR" ] && [ "$status" -le 1 ]; then
    WHY=
    case $METRICS_DIR in
        /*) ;;
        *) WHY="METRICS_DIR must be an absolute path" ;;
    esac
    if [ -z "$WHY" ] && { [ -L "$METRICS_DIR" ] || [ ! -d "$METRICS_DIR" ]; }; then
        WHY="$METRICS_DIR is not a directory"
    fi
    if [ -z "$WHY" ] && root_only "$METRICS_DIR"; then
        replay_require=$REQUIRE
        if [ -z "$replay_require" ] && [ -n "$DEVICE" ]; then
            replay_require=$DEVICE
        fi
        set --
        for requirement in $replay_require; do
            set -- "$@" --require "$requirement"
        done
        partial=$(mktemp "$METRICS_DIR/.hwdoctor.prom.XXXXXXXX") || WHY="cannot write in $METRICS_DIR"
        if [ -z "$WHY" ]; then
            replayed=0
            as_user 3 "$HWDOCTOR" detect --from "$WORK/home/evidence.json" --format prometheus \
                "$@" > "$partial" 2>> "$WORK/stderr" < /dev/null || replayed=$?
            if [ "$replayed" -le 1 ] && [ -s "$partial" ] && chmod 0644 "$partial" \
                && mv -f -T -- "$partial" "$METRICS_DIR/hwdoctor.prom"
            then
                :
            else
                rm -f -- "$partial"
                WHY="hwdoctor wrote no metrics (exit $replayed), or they could not be moved into place"
            fi
        fi
    fi
    if [ -n "$WHY" ]; then
        say "warning: no metrics written: $WHY"
    fi
fi

case $status in
    0) exit 0 ;;
    124 | 137) could_not_run "no answer within $((SECONDS_ALLOWED - RESERVE)) s ($HWDOCTOR)" ;;
    126 | 127) could_not_run "cannot execute $HWDOCTOR as $RUN_AS (exit $status)" ;;
esac

# hwdoctor's first reason, read from its report as RUN_AS by the interpreter beside it.
PARSE='
import json, sys
try:
    data = json.loads(sys.stdin.read(1 << 24))
except Exception:
    sys.exit(0)
if not isinstance(data, dict):
    sys.exit(0)
body = data.get("data") if isinstance(data.get("data"), dict) else {}
found = []
for item in body.get("requirements") or ():
    if isinstance(item, dict) and item.get("met") is False:
        found.append("%s: %s" % (item.get("requirement"), item.get("found")))
for item in body.get("findings") or ():
    if isinstance(item, dict) and item.get("severity") == "error":
        found.append(str(item.get("message")))
for item in data.get("errors") or ():
    if isinstance(item, dict):
        found.append(str(item.get("message")))
if found:
    print(found[0].replace("\n", " ")[:300])
'
interpreter=python3
for name in python3 python; do
    beside=$(dirname -- "$(readlink -f -- "$HWDOCTOR")")/$name
    if [ -x "$beside" ]; then
        interpreter=$beside
        break
    fi
done
first=$(as_user 2 "$interpreter" -I -S -c "$PARSE" < "$WORK/report.json" 2>/dev/null | head -c 1000)
case $status in
    1)
        if [ -n "$first" ]; then
            drain "hwdoctor: $first"
        fi
        could_not_run "exit 1 without a report ($HWDOCTOR)" ;;
    2) could_not_run "${first:-a usage error (exit 2)}" ;;
    *) could_not_run "hwdoctor failed (exit $status)${first:+: $first}" ;;
esac
