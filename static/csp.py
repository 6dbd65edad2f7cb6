#!/usr/bin/env python3
"""Trunk post-build hook: adds a Content-Security-Policy <meta> to the built index.html.

Only the page's own origin may supply scripts, styles, workers and connections. Trunk's
loader is an inline module script, so its exact text is allowed by its SHA-256 hash (computed
here, after Trunk wrote it); wasm compilation needs 'wasm-unsafe-eval'. Nothing else inline
runs.
"""
import base64
import hashlib
import os
import re
import sys

path = os.path.join(os.environ.get("TRUNK_STAGING_DIR", "dist"), "index.html")
html = open(path, encoding="utf-8").read()
if 'http-equiv="Content-Security-Policy"' in html:
    sys.exit(0)
hashes = []
for m in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S):
    digest = hashlib.sha256(m.group(1).encode("utf-8")).digest()
    hashes.append("'sha256-%s'" % base64.b64encode(digest).decode())
policy = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' " + " ".join(hashes),
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
])
meta = '<meta http-equiv="Content-Security-Policy" content="%s" />' % policy
html = html.replace("<head>", "<head>\n    " + meta, 1)
open(path, "w", encoding="utf-8").write(html)
