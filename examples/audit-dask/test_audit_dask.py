"""Tests of audit_dask.py: on a LocalCluster of two worker processes, over
small WARC files built here, the Dask pipeline gives the same records as
one robots audit process, and the same counts as robots audit -summary.

Run from the repository's root (CI does, after installing Debian's
python3-distributed):

    python3 -m unittest discover -s examples/audit-dask -v

It needs the Go toolchain, to build robots and the WARC files; it skips,
saying why, when dask.distributed cannot be imported.
"""

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import audit_dask  # noqa: E402

try:
    from dask.distributed import Client, LocalCluster
except ImportError as e:  # pragma: no cover
    Client = LocalCluster = None
    IMPORT_ERROR = e

# The robots.txt files the WARC files are made of (their names are hosts).
BODIES = {
    "shop.example": "User-agent: *\nDisallow: /cart\nAllow: /cart/help\nContent-Usage: train-ai=n\n",
    "news.example": "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /search\n",
    "closed.example": "User-agent: *\nDisallow: /\n",
    "open.example": "",
    "soft404.example": "<!DOCTYPE html><html><body>Not here</body></html>",
    "wild.example": "User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?session=\nContent-Signal: ai-train=no, search=yes\n",
}


@unittest.skipIf(Client is None, "dask.distributed is not installed (Debian: apt-get install python3-distributed)")
class TestAuditDask(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="audit-dask-")
        cls.robots = os.path.join(cls.tmp, "robots")
        subprocess.run(["go", "build", "-o", cls.robots, "./cmd/robots"], cwd=ROOT, check=True)
        corpus = os.path.join(cls.tmp, "corpus")
        os.makedirs(corpus)
        for host, body in BODIES.items():
            with open(os.path.join(corpus, host), "w") as f:
                f.write(body)
        inputs = os.path.join(cls.tmp, "in")
        os.makedirs(inputs)
        synth = os.path.join(cls.tmp, "synthwarc")
        subprocess.run(["go", "build", "-o", synth, "./internal/warcgen/synthwarc"], cwd=ROOT, check=True)
        cls.inputs = []
        for i in range(5):
            path = os.path.join(inputs, "CC-MAIN-test-%05d.warc.gz" % i)
            args = [synth, "-corpus", corpus, "-n", str(60 + 17 * i), "-seed", str(i + 1), "-o", path]
            if i == 3:
                args.append("-damage")  # a body past the parse limit, a cut last member
            subprocess.run(args, check=True, stderr=subprocess.DEVNULL)
            cls.inputs.append(path)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def robots_audit(self, *args):
        return subprocess.run([self.robots, "audit", *args], capture_output=True, text=True)

    def test_same_records_as_one_process(self):
        one = self.robots_audit("-workers", "1", *self.inputs)
        self.assertEqual(one.returncode, 64 + 1, one.stderr)  # the damaged input
        summary = self.robots_audit("-summary", "-json", *self.inputs)
        want_summary = json.loads(summary.stdout)

        out = os.path.join(self.tmp, "records")
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            self.assertEqual(len(client.scheduler_info()["workers"]), 2)
            results, total = audit_dask.run(client, self.inputs, self.robots, out)

        self.assertEqual([r["input"] for r in results], self.inputs)
        self.assertEqual([r["damaged"] for r in results], [False, False, False, True, False])
        joined = ""
        for r in results:
            with open(r["records"], encoding="utf-8") as f:
                joined += f.read()
        self.assertEqual(joined, one.stdout, "the records of the Dask run differ from one robots audit process")
        self.assertGreater(len(one.stdout.splitlines()), 300)

        got = audit_dask.as_json(total)
        self.assertEqual(got["records"], want_summary["records"])
        self.assertEqual(got["errors"], want_summary["errors"])
        self.assertEqual(got["outcomes"], want_summary["outcomes"])
        self.assertEqual(got["agents"], want_summary["agents"])
        gpt = next(a for a in got["agents"] if a["agent"] == "GPTBot")
        self.assertGreater(gpt["levels"].get("full", 0), 0)
        self.assertGreater(gpt["levels"].get("partial", 0), 0)
        claude = next(a for a in got["agents"] if a["agent"] == "ClaudeBot")
        self.assertGreater(claude["usage"].get("train-ai=disallowed", 0), 0)
        self.assertGreater(claude["usage"].get("signal-ai-train=disallowed", 0), 0)

    def test_url(self):
        """A URL is streamed to robots audit -name URL -: the records are the
        file's, named by the URL (a loopback server stands for Common Crawl's)."""
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=self.tmp)
        handler.log_message = lambda *a: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            warc = self.inputs[1]
            url = "http://127.0.0.1:%d/in/%s" % (server.server_address[1], os.path.basename(warc))
            out = os.path.join(self.tmp, "from-url")
            r = audit_dask.audit_one(url, self.robots, out)
        finally:
            server.shutdown()
            server.server_close()
        with open(r["records"], encoding="utf-8") as f:
            got = f.read()
        want = self.robots_audit(warc).stdout.replace(json.dumps(warc), json.dumps(url))
        self.assertEqual(got, want)
        self.assertFalse(r["damaged"])

    def test_output_name(self):
        for name, want in [
            ("crawl-data/CC-MAIN-2024-10/segments/1/robotstxt/CC-MAIN-1-00000.warc.gz", "CC-MAIN-1-00000.jsonl"),
            ("https://data.commoncrawl.org/x/y.warc.gz", "y.jsonl"),
            ("local.warc", "local.jsonl"),
        ]:
            self.assertEqual(audit_dask.output_name(name), want)
        # The Go command names its files the same way.
        warc = self.inputs[0]
        out = os.path.join(self.tmp, "names")
        done = self.robots_audit("-o", out, warc)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(os.listdir(out), [audit_dask.output_name(warc)])


if __name__ == "__main__":
    unittest.main()
