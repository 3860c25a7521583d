#!/usr/bin/env python3
"""Audit robots.txt captures in WARC files on a Dask cluster with `robots audit`.

Each task audits one WARC file with one `robots audit -workers 1 -o OUT`
process: a path every worker can read, or an http(s) URL streamed to the
process (`-name URL -`), as Common Crawl's data.commoncrawl.org serves its
robotstxt files. The records go to OUT/NAME.jsonl, written under a
temporary name and renamed when complete, so a rerun skips the files done.
The task returns the counts of its records per crawler: restriction level,
named or not, usage preferences for "/"; the client sums them into the
shape `robots audit -summary -json` prints, and prints a table.

    python3 audit_dask.py --local 2 --robots ./robots --out records/ files.warc.gz...
    python3 audit_dask.py --scheduler tcp://scheduler:8786 --robots /opt/robots \\
        --out /shared/records --paths robotstxt.paths.gz --prefix https://data.commoncrawl.org/

Dask is Debian's python3-distributed (apt-get install python3-distributed).
"""

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from collections import OrderedDict

# Exit statuses of robots audit: 0, every input read whole; 64 + n, n inputs
# could not be read whole (their records are written, with errors).
INPUT_ERRORS = 64


def output_name(name):
    """The records file robots audit -o writes for an input named name."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1] or "input"
    for ext in (".gz", ".warc"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base + ".jsonl"


def audit_one(path, robots, out, agents=None, dialect=None):
    """Runs robots audit on one WARC file and returns its counts."""
    args = [robots, "audit", "-workers", "1", "-o", out]
    if agents:
        args += ["-agents", agents]
    if dialect:
        args += ["-dialect", dialect]
    if path.startswith(("http://", "https://")):
        args += ["-name", path, "-"]
        # Its standard error goes to a file, not a pipe: a pipe nobody
        # reads while the download is written to its input could fill and
        # stall both.
        with tempfile.TemporaryFile() as errors:
            with subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errors) as proc:
                try:
                    with urllib.request.urlopen(path) as resp:
                        shutil.copyfileobj(resp, proc.stdin, 1 << 20)
                finally:
                    proc.stdin.close()
                status = proc.wait()
            errors.seek(0)
            stderr = errors.read()
    else:
        args.append(path)
        done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        stderr, status = done.stderr, done.returncode
    if status != 0 and not INPUT_ERRORS < status < INPUT_ERRORS + 64:
        raise RuntimeError("robots audit %s: exit %d: %s" % (path, status, stderr.decode(errors="replace")))
    records = os.path.join(out, output_name(path))
    with open(records, encoding="utf-8") as f:
        summary = summarize(f)
    return {"input": path, "records": records, "damaged": status != 0, "summary": summary}


def new_summary():
    return {"records": 0, "errors": 0, "outcomes": {}, "agents": OrderedDict()}


def summarize(lines, summary=None):
    """Counts JSON-lines records as robots audit's Summary does."""
    s = summary if summary is not None else new_summary()
    for line in lines:
        if not line.strip():
            continue
        r = json.loads(line)
        s["records"] += 1
        if r.get("error"):
            s["errors"] += 1
        outcome = r.get("outcome", "")
        s["outcomes"][outcome] = s["outcomes"].get(outcome, 0) + 1
        for a in r.get("agents", []):
            c = s["agents"].setdefault(a["agent"], {"records": 0, "levels": {}, "named": 0, "usage": {}})
            c["records"] += 1
            c["levels"][a["level"]] = c["levels"].get(a["level"], 0) + 1
            if a["group"] == "named":
                c["named"] += 1
            for k, v in a.get("usage", {}).items():
                key = k + "=" + v
                c["usage"][key] = c["usage"].get(key, 0) + 1
    return s


def merge(into, s):
    """Adds the counts of s to into."""
    into["records"] += s["records"]
    into["errors"] += s["errors"]
    for k, n in s["outcomes"].items():
        into["outcomes"][k] = into["outcomes"].get(k, 0) + n
    for name, c in s["agents"].items():
        t = into["agents"].setdefault(name, {"records": 0, "levels": {}, "named": 0, "usage": {}})
        t["records"] += c["records"]
        t["named"] += c["named"]
        for k, n in c["levels"].items():
            t["levels"][k] = t["levels"].get(k, 0) + n
        for k, n in c["usage"].items():
            t["usage"][k] = t["usage"].get(k, 0) + n
    return into


def as_json(s):
    """The summary in the shape robots audit -summary -json prints."""
    return {
        "records": s["records"],
        "errors": s["errors"],
        "outcomes": s["outcomes"],
        "agents": [dict(agent=name, **c) for name, c in s["agents"].items()],
    }


def print_table(s, out=sys.stdout):
    out.write("%d records, %d with an error\n" % (s["records"], s["errors"]))
    out.write("%-22s %9s  %-18s %-18s %-18s\n" % ("agent", "records", "full", "partial", "none"))
    for name, c in s["agents"].items():
        n = c["records"] or 1
        cells = ["%d (%.1f%%)" % (c["levels"].get(l, 0), 100.0 * c["levels"].get(l, 0) / n) for l in ("full", "partial", "none")]
        out.write("%-22s %9d  %-18s %-18s %-18s\n" % (name, c["records"], *cells))


def read_paths(args):
    paths = list(args.inputs)
    if args.paths:
        opener = gzip.open if args.paths.endswith(".gz") else open
        with opener(args.paths, "rt") as f:
            paths += [args.prefix + line.strip() for line in f if line.strip()]
    return paths


def run(client, paths, robots, out, agents=None, dialect=None):
    """Maps the paths to robots audit on the cluster; returns the results
    in the order of the paths and the summed summary."""
    os.makedirs(out, exist_ok=True)
    futures = client.map(audit_one, paths, robots=robots, out=out, agents=agents, dialect=dialect, pure=False)
    results = client.gather(futures)
    total = new_summary()
    for r in results:
        merge(total, r["summary"])
    return results, total


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("inputs", nargs="*", help="WARC files (paths or http(s) URLs)")
    p.add_argument("--paths", help="a paths file, such as Common Crawl's robotstxt.paths.gz")
    p.add_argument("--prefix", default="", help="prepended to each line of --paths (https://data.commoncrawl.org/)")
    p.add_argument("--robots", default="robots", help="the robots command on the workers")
    p.add_argument("--out", required=True, help="where the records files go (a directory every worker can write)")
    p.add_argument("--agents", help="robots audit -agents")
    p.add_argument("--dialect", help="robots audit -dialect")
    p.add_argument("--scheduler", help="the address of a Dask scheduler")
    p.add_argument("--local", type=int, default=0, help="run a LocalCluster of this many worker processes")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = p.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.local or os.cpu_count(), threads_per_worker=1, processes=True)
        client = Client(cluster)
    try:
        results, total = run(client, read_paths(args), args.robots, args.out, args.agents, args.dialect)
    finally:
        client.close()
    damaged = [r["input"] for r in results if r["damaged"]]
    if args.json:
        json.dump(as_json(total), sys.stdout)
        sys.stdout.write("\n")
    else:
        print_table(total)
    for d in damaged:
        sys.stderr.write("audit_dask: %s: could not be read whole (its records say where)\n" % d)
    return 1 if damaged else 0


if __name__ == "__main__":
    sys.exit(main())
