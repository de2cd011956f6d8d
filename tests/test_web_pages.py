"""The pages, in process: the ruling page and its links, the law browser, the cases, the
error pages, and what every page keeps out (scripts in an incident, framing, large bodies)."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app
from arbiter.web.limits import MAX_BODY
from arbiter.web.links import BadLink, pack, unpack

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = (ROOT / "examples" / "revoke-found-at-end-of-hand.whist").read_text()


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), raise_server_exceptions=False)


def ruled(client, text: str, **form) -> tuple[str, object]:
    """Post the editor's form; the link it redirects to, and the page at that link."""
    response = client.post("/rule", data={"text": text, **form}, follow_redirects=False)
    assert response.status_code == 303
    link = response.headers["location"]
    return link, client.get(link)


def test_the_ruling_page_opens_with_an_example_in_the_editor(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "A revoke found at the end of the hand" in page.text
    assert '<textarea id="incident"' in page.text


def test_an_example_or_a_case_can_be_started_from(client):
    from markupsafe import escape

    wanted = (ROOT / "examples" / "dealing-out-of-turn.whist").read_text()
    assert str(escape(wanted)) in client.get("/", params={"example": "dealing-out-of-turn"}).text
    case = client.get("/", params={"case": "II"})
    assert case.status_code == 200 and "Case II" in case.text
    assert client.get("/", params={"example": "no-such-thing"}).status_code == 404


def test_ruling_from_the_editor_leads_to_a_link_that_carries_the_incident(client):
    link, page = ruled(client, EXAMPLE)
    assert urlparse(link).path == "/rule"
    assert unpack(parse_qs(urlparse(link).query)["i"][0]) == EXAMPLE
    assert page.status_code == 200
    assert "B revoked at trick 5, and the revoke is established" in page.text
    assert client.get(link).text == page.text, "the link rules the same incident again"


def test_a_browsers_crlf_line_ends_are_read_as_lines(client):
    link, page = ruled(client, EXAMPLE.replace("\n", "\r\n"))
    assert unpack(parse_qs(urlparse(link).query)["i"][0]) == EXAMPLE
    assert "\\x0d" not in page.text


def test_the_why_and_the_comparison_are_a_click_away(client):
    link, page = ruled(client, EXAMPLE)
    why = re.search(r'href="([^"]*view=explain[^"]*)"', page.text).group(1).replace("&amp;", "&")
    assert "<h2>Why</h2>" in client.get(why).text
    compare = re.search(r'href="([^"]*view=compare[^"]*)"', page.text).group(1).replace("&amp;", "&")
    compared = client.get(compare).text
    assert "How the codes compare" in compared and "american-1893" in compared


def test_the_code_and_game_chosen_are_ruled_under_and_kept_in_the_link(client):
    link, page = ruled(client, EXAMPLE, code="american-1893")
    assert parse_qs(urlparse(link).query)["code"] == ["american-1893"]
    assert "(american-1893)" in page.text
    assert '<option value="american-1893" selected>' in page.text


def test_an_incident_with_a_mistake_shows_the_parsers_message_at_its_line(client):
    _, page = ruled(client, "code english-1864\ntrick 1:\n  A leeds S5\n")
    assert page.status_code == 422
    assert 'data-line="3" data-column="5"' in page.text
    assert "did you mean `leads`?" in page.text
    assert "A leeds S5" in page.text, "the editor keeps what was written"


def test_an_empty_incident_is_marked_at_line_1_column_1_not_0(client):
    page = client.get("/rule", params={"i": pack("")})
    assert page.status_code == 422
    assert 'data-line="1" data-column="1"' in page.text and "nothing to rule on" in page.text


def test_an_unknown_game_from_the_form_is_said_in_words(client):
    _, page = ruled(client, EXAMPLE, game="bridge")
    assert page.status_code == 400 and "no game &#39;bridge&#39;" in page.text


def test_the_incident_downloads_as_a_whist_file_named_for_its_title(client):
    response = client.get("/download", params={"i": pack(EXAMPLE)})
    assert response.text == EXAMPLE
    assert response.headers["content-disposition"] == 'attachment; filename="a-revoke-found-at-the-end-of-the-hand.whist"'


def test_a_link_that_is_cut_short_or_altered_is_an_error_page_in_words(client):
    packed = pack(EXAMPLE)
    short = client.get("/rule", params={"i": packed[:-8]})
    assert short.status_code == 400 and "copy the whole link" in short.text
    assert client.get("/rule", params={"i": "!!!"}).status_code == 400


def test_a_small_link_cannot_unpack_to_a_large_text():
    with pytest.raises(BadLink, match="larger than 256 KiB"):
        unpack(pack("x" * (MAX_BODY + 1)))


def test_a_law_page_links_its_vide_references_and_its_counterparts(client):
    page = client.get("/laws/english-1864/24").text      # its footnote: "(_vide_ Law 16)"
    links = re.findall(r'<a class="vide" href="(/laws/[^"]+)">', page)
    assert links == ["/laws/english-1864/16"]
    assert "<em>vide</em> Law <a" in page
    assert "Law 16" in client.get(links[0]).text
    seventy_two = client.get("/laws/english-1864/72").text
    assert "And add them to their own." in seventy_two
    assert '<a href="#fn32">32</a>' in seventy_two and 'id="fn32"' in seventy_two
    assert "Cited by" in seventy_two and "On the same subject" in seventy_two
    assert "/laws/american-1893/" in seventy_two, "its counterparts in the other codes"


def test_a_law_named_as_a_reader_writes_it_is_found(client):
    assert client.get("/laws/english-1864/072").status_code == 200
    missing = client.get("/laws/english-1864/999")
    assert missing.status_code == 404 and "999" in missing.text


def test_a_code_page_lists_its_laws(client):
    page = client.get("/laws/american-1893").text
    assert 'href="/laws/american-1893/20"' in page
    previews = re.findall(r'<div class="first-words">(.*?)</div>', page)
    assert len(previews) > 20
    assert not any(re.search(r"\[\d+\]", p) for p in previews), "footnote markers are dropped from a preview"


def test_the_search_page_finds_and_lights_the_words(client):
    page = client.get("/search", params={"q": "turned and quitted"}).text
    assert "<mark>" in page and 'href="/laws/english-1864/' in page
    nothing = client.get("/search", params={"q": "xylophone"}).text
    assert "Nothing found" in nothing
    assert client.get("/search", params={"q": "revoke", "code": "bridge"}).status_code == 404


def test_the_cases_page_and_a_case_with_the_books_italics_rendered(client):
    listing = client.get("/cases").text
    assert "11 of 11 agree" in listing
    case = client.get("/cases/II").text
    assert "_vide_" not in case and "_Decision_" not in case
    assert "<em>" in case
    assert "The arbiter agrees with the book." in case


def test_the_notation_page_lists_the_vocabulary(client):
    page = client.get("/notation").text
    assert "leads" in page and "about NAME" in page


def test_a_script_in_an_incident_is_shown_as_text(client):
    text = EXAMPLE.replace('title "A revoke found at the end of the hand"', 'title "<script>alert(1)</script>"')
    _, page = ruled(client, text)
    assert "<script>alert(1)</script>" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text


def test_every_page_forbids_inline_scripts_and_framing(client):
    for path in ("/", "/laws", "/laws/english-1864/72", "/search?q=revoke", "/cases", "/nothing",
                 "/api/codes", "/api/nothing", "/static/arbiter.css"):
        headers = client.get(path).headers
        assert "script-src 'self'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert len(headers.get_list("x-frame-options")) == 1, path      # given once


def test_an_answer_that_sets_a_security_header_of_its_own_keeps_it():
    from arbiter.web.app import SecurityHeaders

    async def framed(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"X-Frame-Options", b"SAMEORIGIN")]})
        await send({"type": "http.response.body", "body": b"ok"})

    headers = TestClient(SecurityHeaders(framed)).get("/").headers
    assert headers.get_list("x-frame-options") == ["SAMEORIGIN"]          # its own, not DENY beside it
    assert headers["x-content-type-options"] == "nosniff"                 # the others added


def test_what_is_not_a_request_passes_the_security_headers_untouched():
    import asyncio

    from arbiter.web.app import SecurityHeaders

    seen = []

    async def app(scope, receive, send):
        seen.append(scope["type"])
        await send({"type": "lifespan.startup.complete"})

    sent = []

    async def send(message):
        sent.append(message)

    asyncio.run(SecurityHeaders(app)({"type": "lifespan"}, None, send))
    assert seen == ["lifespan"] and sent == [{"type": "lifespan.startup.complete"}]


@pytest.mark.parametrize("method, path, status, words", [
    ("get", "/nothing-here", 404, "There is no page here."),
    ("delete", "/", 405, "cannot be asked for that way"),
    ("get", "/laws/bridge", 404, "no code &#39;bridge&#39;"),
    ("get", "/cases/XCIX", 404, "no published case"),
    ("get", "/rule", 422, "i: Field required"),
])
def test_every_failure_is_a_page_in_words(client, method, path, status, words):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert words in response.text
    assert "Traceback" not in response.text


def test_a_form_past_the_size_limit_is_refused(client):
    response = client.post("/rule", data={"text": "x" * (MAX_BODY + 1)}, follow_redirects=False)
    assert response.status_code == 413
    assert "256 KiB" in response.text


def test_the_static_files_are_served_and_no_other_path_is_opened(client):
    assert client.get("/static/arbiter.css").headers["content-type"].startswith("text/css")
    assert "api/check" in client.get("/static/arbiter.js").text
    assert client.get("/static/../pyproject.toml").status_code == 404
    assert client.get("/static/laws/english-1864.yaml").status_code == 404


def test_an_internal_error_is_a_page_not_a_traceback(monkeypatch):
    from arbiter.web import pages
    from arbiter.web.referees import Referees, read_reply
    from arbiter.web.settings import ServerLimits
    from arbiter.web.work import answer

    class RulingHere(Referees):
        """The work done in this process, where the fault below is put (a referee's process
        would not see it), and answered through the same reply a referee sends."""

        async def refer(self, work, args, gone=None):
            return read_reply(answer({"work": work, "args": args}), self.limits)

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(pages.library, "rule", broken)
    client = TestClient(create_app(RulingHere(ServerLimits())), raise_server_exceptions=False)
    response = client.get("/rule", params={"i": pack(EXAMPLE)})
    assert response.status_code == 500
    assert "internal error" in response.text and "boom" not in response.text and "Traceback" not in response.text


def test_the_decisions_vide_citations_link_to_the_laws_on_the_page_but_not_in_a_file(client):
    _, page = ruled(client, EXAMPLE)
    links = re.findall(r'<a class="vide" href="(/laws/[^"]+)">', page.text)
    assert "/laws/english-1864/73" in links
    assert all(client.get(link).status_code == 200 for link in links)
    from arbiter.api import rule

    assert 'class="vide"' not in rule(EXAMPLE).render("html"), "a file has no law browser to link to"


def test_search_snippets_drop_the_footnote_markers(client):
    page = client.get("/search", params={"q": "exposed card"}).text
    snippets = re.findall(r'<div class="snippet">(.*?)</div>', page, re.S)
    assert snippets and not any(re.search(r"\[\d+\]", s) for s in snippets)


def test_the_scoring_page_says_what_score_hand_and_score_rubber_say(client):
    from typer.testing import CliRunner

    from arbiter.cli import app as cli

    page = client.get("/score", params={"ab": 9, "yz": 4, "ab_honours": 4}).text
    said = CliRunner().invoke(cli, ["score", "hand", "--tricks", "AB=9", "--tricks", "YZ=4", "--honours", "AB=4"]).stdout
    for line in said.splitlines()[:-1]:
        assert f"<li>{line}</li>" in page
    rubber = client.get("/score", params={"games": "AB=3 YZ=1 AB=2"}).text
    settled = CliRunner().invoke(cli, ["score", "rubber", "AB=3", "YZ=1", "AB=2"]).stdout.strip()
    assert settled in rubber.replace("&#39;", "'")
    bad = client.get("/score", params={"games": "AB=3 AB=1 AB=2"}).text
    assert "after the rubber was won" in bad
    assert client.get("/score", params={"ab": 14, "yz": 0}).status_code == 422


def test_a_cases_own_vide_reference_links_to_the_law_of_the_code_it_cites(client):
    page = client.get("/cases/II").text           # the book: "(_vide_ Laws 6 and 7)", of the Club Code
    links = re.findall(r'<a class="vide" href="(/laws/[^"]+)">', page.split('class="arbiter-words"')[0])
    assert links[:2] == ["/laws/english-1864/6", "/laws/english-1864/7"]      # and the Note's "Law 7"
    assert set(links) == {"/laws/english-1864/6", "/laws/english-1864/7"}


def test_the_search_page_says_when_it_shows_only_the_first_results(client):
    many = client.get("/search", params={"q": "card"}).text
    assert "The first 30 results" in many
    few = client.get("/search", params={"q": "turned and quitted", "code": "english-1864"}).text
    assert re.search(r"\d+ results? for", few) and "The first" not in few


def test_the_notation_pages_primer_shows_an_incident_that_rules_as_it_says(client):
    from markupsafe import Markup

    from arbiter.api import rule

    page = client.get("/notation").text
    assert "two spaces" in page and "<code>SK</code> the king of spades" in page
    example = Markup(re.search(r'<pre class="incident">(.*?)</pre>', page, re.S).group(1)).unescape()
    assert rule(example).decision.answer == "yes"


def test_a_scoring_error_is_shown_beside_the_form_that_failed(client):
    page = client.get("/score", params={"games": "AB=3 AB=1 AB=2"}).text
    assert 'id="rubber-problem"' in page and 'id="hand-problem"' not in page


# ---------------------------------------------------------------------------- issue 25: the page
def test_rule_leads_to_the_decision_itself_and_its_views_keep_it_in_view(client):
    link, page = ruled(client, EXAMPLE)
    assert link.endswith("#decision")
    assert 'id="decision"' in page.text
    views = re.findall(r'href="(/rule\?[^"]*)"', page.text)
    assert views and all(v.endswith("#decision") for v in views)
    assert 'href="#incident-form"' in page.text, "the way back to the editor"


def test_a_mistake_is_said_where_the_decision_would_be_with_the_way_to_it(client):
    _, page = ruled(client, "code english-1864\ntrick 1:\n  A leeds S5\n")
    said = re.search(r'<p class="error-message" id="not-ruled">(.*?)</p>', page.text, re.S).group(1)
    assert "line 3, column 5" in said and "leads" in said and 'href="#incident-form"' in said
    _, good = ruled(client, EXAMPLE)
    assert 'id="not-ruled"' not in good.text


def test_a_law_page_ends_its_breadcrumb_in_the_law_and_steps_to_its_neighbours(client):
    page = client.get("/laws/english-1864/72").text
    crumbs = re.search(r'<nav class="crumbs"[^>]*>(.*?)</nav>', page, re.S).group(1)
    assert re.sub(r"<[^>]+>", "", crumbs).strip().endswith("› Law 72")
    assert '<a rel="prev" href="/laws/english-1864/71">' in page
    assert '<a rel="next" href="/laws/english-1864/73">' in page
    from arbiter.web import service

    first, last = service.book().entries_of("english-1864")[0], service.book().entries_of("english-1864")[-1]
    assert 'rel="prev"' not in client.get(f"/laws/{first.id}").text
    assert 'rel="next"' not in client.get(f"/laws/{last.id}").text


def test_a_law_page_compares_it_with_a_counterpart_side_by_side_and_with_a_printing_word_by_word(client):
    page = client.get("/laws/english-1864/72").text
    assert 'href="/laws/english-1864/72?with=american-1893/30#compare"' in page, "its counterpart, to compare"
    side = client.get("/laws/english-1864/72", params={"with": "american-1893/30"}).text
    assert side.count('<section class="compared-law">') == 2
    assert "Listed as counterparts: yes" in side
    printing = client.get("/laws/english-1864/72", params={"with": "english-1864-foster/72"}).text
    assert "two printings of Law 72" in printing and '<section class="compared-law">' not in printing
    from arbiter.lawbook.compare import compare
    from arbiter.web import service

    differs = compare(service.book(), "english-1864/72", "english-1864-foster/72").differences
    assert ("<del>" in printing or "<ins>" in printing) == bool(differs)
    same_code = client.get("/laws/english-1864/72", params={"with": "73"}).text
    assert 'href="/laws/english-1864/73">Law 73</a>' in same_code, "a bare number is a law of the same code"


def test_a_comparison_with_no_such_law_is_said_in_words_on_the_page(client):
    response = client.get("/laws/english-1864/72", params={"with": "american-1893/999"})
    assert response.status_code == 200
    problem = re.search(r'id="compare-problem">(.*?)</p>', response.text).group(1)
    assert "999" in problem and "`" not in problem and "arbiter laws" not in problem


def test_a_missing_law_offers_its_code_and_not_a_command(client):
    response = client.get("/laws/english-1864/999")
    assert response.status_code == 404
    assert 'href="/laws/english-1864"' in response.text and "arbiter laws list" not in response.text
    other = client.get("/laws/bridge/1")
    assert other.status_code == 404 and "arbiter laws list" not in other.text


def test_the_not_found_page_speaks_to_a_reader_of_the_page(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    for href in ('"/"', '"/laws"', '"/search"', '"/cases"', '"/notation"', '"/score"', '"/api/docs"'):
        assert f"href={href}" in response.text
    assert not re.search(r"\brun\b|`arbiter", response.text)


def test_the_notation_page_has_contents_to_every_section_and_finds_a_word_without_script(client):
    page = client.get("/notation").text
    anchors = re.findall(r'<li><a href="#([a-z-]+)">', page)
    ids = re.findall(r'<section class="words" id="([a-z-]+)">', page)
    assert len(ids) >= 8 and set(ids) <= set(anchors)
    assert "primer" in anchors and 'id="primer"' in page
    every = page.count('<div class="word"')
    found = client.get("/notation", params={"q": "drops"}).text
    kept = re.findall(r'<div class="word" data-words="([^"]*)"', found)
    assert 0 < len(kept) < every and all("drops" in k for k in kept)
    assert "for “drops”" in found and 'href="/notation#every-word"' in found
    assert "No word of the notation" in client.get("/notation", params={"q": "xylophone"}).text


def test_the_notation_listing_is_read_back_into_sections_entries_and_details():
    from arbiter.web.notation import listing, matching, sections, words_of

    text = "Header lines\n  code NAME\n\nStatements: ACTOR verb …  (gives: x)\n  leads CARD…\n      gives: led\n"
    found = sections(text)
    assert [(s.id, s.short, [(e.head, e.details) for e in s.entries]) for s in found] == [
        ("header-lines", "Header lines", [("code NAME", [])]),
        ("statements", "Statements: ACTOR verb …", [("leads CARD…", ["gives: led"])])]
    assert [s.id for s in matching(found, "LED")] == ["statements"]
    assert matching(found, "led code") == []
    assert words_of(found) == {"header": ["code"], "verb": ["leads"], "word": []}
    real = sections(listing())
    assert sum(len(s.entries) for s in real) == sum(1 for line in listing().splitlines()
                                                   if line.startswith("  ") and not line.startswith("      "))


def test_the_editors_words_are_the_notations(client):
    words = client.get("/static/notation-words.json").json()
    assert {"code", "dealer", "trump"} <= set(words["header"])
    assert {"leads", "plays", "claims", "demands"} <= set(words["verb"])
    assert "revoke" in words["word"] and "CARD" not in words["word"]


def test_the_api_page_is_drawn_from_the_schema_with_the_sites_header_and_policy(client):
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page = response.text
    assert '<header class="site">' in page and 'href="/api/openapi.json"' in page
    assert re.findall(r"<script[^>]*>", page) == ['<script src="/static/arbiter.js" defer>']
    schema = client.get("/api/openapi.json").json()
    for path, methods in schema["paths"].items():
        for method in methods:
            assert f'<code class="method {method}">{method.upper()}</code> <code class="path">{path}</code>' in page
    for name in schema["components"]["schemas"]:
        assert f"<h3>{name}</h3>" in page
    assert '<a href="#schema-rulerequest">RuleRequest</a>' in page


def test_a_schemas_types_are_said_in_a_few_words():
    from arbiter.web.apidocs import type_of

    assert type_of({"type": "string", "maxLength": 5}) == "string (at most 5 characters)"
    assert type_of({"anyOf": [{"type": "integer"}, {"type": "null"}]}) == "integer or null"
    assert type_of({"type": "array", "items": {"$ref": "#/components/schemas/Law"}}) == \
        'list of <a href="#schema-law">Law</a>'
    assert type_of({"enum": ["a", None]}) == "one of <code>&#34;a&#34;</code>, <code>null</code>"
    assert type_of({}) == "any JSON"
    assert type_of({"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}) == \
        "object {<code>x</code>: integer}"
