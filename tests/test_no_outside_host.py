"""No page and no file the site serves names another host: the site works with no network,
and a reader's browser asks nothing of anyone else (issue 25). Every page reachable from
the ruling page and the laws is fetched, in process, and every link, source, form and
address in it read; every template and static file is read as it ships."""

from __future__ import annotations

import re
import warnings
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app
from arbiter.web.links import pack

ROOT = Path(__file__).resolve().parent.parent
OWN = "testserver"

#: An address written out in full: what a page or a file must not name, unless it is the page's own.
ADDRESS = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s"'<>)]*|https?://[^\s"'<>)]+""")

#: How many pages of one path, with different queries, are fetched (a ruling's link is one path
#: with a thousand incidents; one of each kind says what its links are).
QUERIES_PER_PATH = 3


class Links(HTMLParser):
    """Every address a page names in an attribute to be fetched: links, sources, forms asked
    with GET (a form that posts is read for its address with the rest of the page's text,
    and not followed)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "form" and (dict(attrs).get("method") or "get").lower() != "get":
            return
        for name, value in attrs:
            if name in ("href", "src", "action", "srcset", "poster", "data") and value:
                self.found.append(value)


def outside(text: str) -> list[str]:
    """The addresses in text that name a host other than the page's own."""
    return [a for a in ADDRESS.findall(text) if urlsplit(a if "//" in a[:8] else "//" + a).hostname != OWN]


def test_outside_finds_another_host_and_lets_the_pages_own_pass():
    assert outside('<script src="https://cdn.example.net/ui.js">') == ["https://cdn.example.net/ui.js"]
    assert outside('<link href="//fonts.example.com/a.css">') == ["//fonts.example.com/a.css"]
    assert outside("fetch('http://203.0.113.9/x')") == ["http://203.0.113.9/x"]
    assert outside('<a href="http://testserver/laws">') == []
    assert outside('<a href="/laws">the laws</a> 3.5 e.g. i.e.') == []


def test_no_template_or_static_file_names_another_host():
    shipped = [p for p in (ROOT / "templates").rglob("*") if p.is_file()]
    assert any(p.name == "arbiter.js" for p in shipped) and any(p.suffix == ".j2" for p in shipped)
    named = {str(p.relative_to(ROOT)): outside(p.read_text(encoding="utf-8")) for p in shipped}
    assert {p: a for p, a in named.items() if a} == {}


@pytest.fixture(scope="module")
def crawled():
    """Every page the site links to from its pages, fetched: path -> (status, headers, text)."""
    client = TestClient(create_app(), raise_server_exceptions=False)
    example = (ROOT / "examples" / "revoke-found-at-end-of-hand.whist").read_text(encoding="utf-8")
    start = ["/", "/laws", "/cases", "/notation", "/score?ab=9&yz=4", "/search?q=revoke", "/api/docs",
             f"/rule?i={pack(example)}", f"/rule?i={pack(example)}&view=compare", "/no-such-page",
             "/laws/english-1864/72?with=american-1893/30", "/laws/english-1864/72?with=english-1864-foster/72",
             "/static/notation-words.json"]   # the one file only the script asks for
    queue, seen, per_path, pages = deque(start), set(start), {}, {}
    while queue:
        url = queue.popleft()
        response = client.get(url)
        kind = response.headers.get("content-type", "")
        pages[url] = (response.status_code, response.headers, response.text if "text" in kind or "json" in kind else "")
        if not kind.startswith("text/html"):
            continue
        parser = Links()
        parser.feed(response.text)
        for address in parser.found:
            there = urljoin("http://testserver" + url, address)
            parts = urlsplit(there)
            if parts.hostname != OWN or parts.path.startswith("/download"):
                continue
            local = parts.path + ("?" + parts.query if parts.query else "")
            if local in seen or per_path.get(parts.path, 0) >= QUERIES_PER_PATH:
                continue
            seen.add(local)
            per_path[parts.path] = per_path.get(parts.path, 0) + 1
            queue.append(local)
    return pages


def test_the_crawl_reaches_every_kind_of_page(crawled):
    paths = {urlsplit(u).path for u in crawled}
    for kind in ("/laws/english-1864/72", "/laws/american-1893", "/cases/II", "/static/arbiter.js",
                 "/static/arbiter.css", "/static/notation-words.json", "/api/openapi.json", "/notation", "/search", "/score", "/rule"):
        assert kind in paths, f"the crawl never reached {kind}"
    assert sum(p.startswith("/laws/") for p in paths) > 300, "every law of every code"
    assert all(status in (200, 404) for status, _, _ in crawled.values()), \
        {u: s for u, (s, _, _) in crawled.items() if s not in (200, 404)}


def test_no_page_the_site_serves_names_another_host(crawled):
    named = {url: outside(text) for url, (_, _, text) in crawled.items()}
    assert {u: a for u, a in named.items() if a} == {}


def test_every_page_the_site_serves_keeps_to_its_own_origin_by_its_policy(crawled):
    for url, (_, headers, _) in crawled.items():
        policy = headers.get("content-security-policy", "")
        assert "default-src 'none'" in policy and "script-src 'self'" in policy, url
        assert not outside(policy), url
