"""The web page in a real browser: Debian's headless Chromium, driven by Playwright, against
``arbiter serve`` running as its own process on a real socket (tests/browser_support.py).

What only a browser shows: the page's script reading the incident as it is typed and putting
the parser's message at its line, the caret link that moves the editor's selection, the
redirect to a ruling's link, a download, links followed by clicking, and that an incident's
text never runs as script (the escaping and the Content-Security-Policy together).

Without Chromium these tests fail (they do not skip): CI must install it (.ci/run does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_support import new_page

from arbiter import api as library
from arbiter.web import service

try:
    from playwright.sync_api import expect
except ImportError:          # the browser fixture fails, saying what to install
    expect = None            # type: ignore[assignment]

REPO = Path(__file__).resolve().parent.parent

#: A revoke, typed with a mistake on line 3 at column 5 ("leeds" for "leads").
TYPED = """code english-1864
trick 5:
  Y leeds S5
  B plays D3
  Z plays S9
  A plays SK
trick 8:
  A leads SQ
  Y plays S6
  B plays S2
  Z plays H4
after the hand:
  Y claims revoke
finding: B held S2
"""
FIXED = TYPED.replace("leeds", "leads")

#: The holding english-1864 gives on FIXED (the same words as `arbiter rule` in .ci/run).
HOLDING = "B revoked at trick 5, and the revoke is established"

#: An italic of the book's left raw: _vide_, _Decision_.
RAW_ITALIC = re.compile(r"(?<![\w])_[A-Za-z][^_\n]*_(?![\w])")


@dataclass
class Tab:
    """A browser page on the test server, with what went wrong in it recorded as it happened."""

    page: object
    base: str
    dialogs: list[str] = field(default_factory=list)
    script_trouble: list[str] = field(default_factory=list)

    def url(self, path: str = "/") -> str:
        return self.base + path.lstrip("/")

    def assert_no_script_trouble(self) -> None:
        assert self.script_trouble == [], "the page's script failed or was refused:\n" + "\n".join(self.script_trouble)


@pytest.fixture
def tab(browser, server):
    page = new_page(browser)
    tab = Tab(page, server)

    def dialog(d) -> None:
        tab.dialogs.append(d.message)
        d.dismiss()

    def console(message) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            tab.script_trouble.append(message.text)

    page.on("dialog", dialog)
    page.on("console", console)
    page.on("pageerror", lambda error: tab.script_trouble.append(str(error)))
    yield tab
    page.context.close()


def offset_of(text: str, line: int, column: int) -> int:
    """Where line:column (both from 1) falls in text."""
    return sum(len(row) + 1 for row in text.split("\n")[: line - 1]) + column - 1


def rule_from_editor(tab: Tab, text: str) -> None:
    """Put text in the ruling page's editor and press Rule; returns on the ruled page."""
    page = tab.page
    page.goto(tab.url("/"))
    page.fill("#incident", text)
    page.click("#rule-button")
    page.wait_for_url(re.compile(r"/rule\?i="))
    page.wait_for_selector("section#decision article.ruled")


def view_link(tab: Tab, name: str):
    return tab.page.locator("nav.views").get_by_role("link", name=name, exact=True)


# ---------------------------------------------------------------------------- the ruling page
def test_a_mistake_typed_in_the_editor_is_shown_at_its_line_and_once_fixed_the_incident_is_ruled_at_a_link_that_works(
        tab, browser):
    page = tab.page
    page.goto(tab.url("/"))
    assert page.input_value("#incident"), "the ruling page should open on an example"
    page.fill("#incident", "")
    page.locator("#incident").press_sequentially(TYPED)

    # The page checks as one types, so a message about a half-typed line may come first:
    # wait (a retrying expect) for the message about the whole of it.
    error = page.locator("#status pre.incident-error")
    expect(error).to_contain_text("did you mean `leads`")
    expect(error).to_contain_text("3:5: unexpected 'leeds'")
    assert (error.get_attribute("data-line"), error.get_attribute("data-column")) == ("3", "5")

    page.locator("#status a.go-to").click()
    assert page.evaluate("document.activeElement.id") == "incident"
    start, end = page.evaluate("[incident.selectionStart, incident.selectionEnd]")
    assert start == offset_of(TYPED, 3, 5)
    assert TYPED[start:start + 5] == "leeds" and end == start + 1

    for _ in "leeds":                              # fix it where the link put the cursor
        page.keyboard.press("Delete")
    page.keyboard.type("leads")
    assert page.input_value("#incident") == FIXED
    expect(page.locator("#status")).to_contain_text("reads without error")
    expect(page.locator("#status pre.incident-error")).to_have_count(0)

    page.click("#rule-button")
    page.wait_for_url(re.compile(r"/rule\?i="))
    where = urlsplit(page.url)
    assert where.path == "/rule" and parse_qs(where.query)["i"]
    decision = page.locator("section#decision article.ruled")
    assert HOLDING in decision.locator("li.holding").first.inner_text()
    assert page.input_value("#incident") == FIXED, "the ruled page should keep the incident in the editor"

    link = page.get_attribute("#permalink", "href")
    other = new_page(browser)                      # a fresh context: no history, no cookies
    try:
        other.goto(tab.url(link))
        assert other.locator("section#decision article.ruled").inner_text() == decision.inner_text()
    finally:
        other.context.close()
    tab.assert_no_script_trouble()


def test_a_ruled_incident_shows_why_and_the_codes_compared_each_a_click_away(tab):
    rule_from_editor(tab, FIXED)
    page = tab.page

    view_link(tab, "Why").click()
    page.wait_for_url(re.compile(r"view=explain"))
    ruled = page.locator("section#decision article.ruled")
    ruled.get_by_role("heading", name="Why", exact=True).wait_for()
    assert "english-1864/73" in ruled.locator("dl.why").inner_text()

    view_link(tab, "The codes compared").click()
    page.wait_for_url(re.compile(r"view=compare"))
    table = page.locator("section#decision article.ruled table").inner_text()
    compared = library.rule(FIXED, compare=True).decisions
    assert len(compared) > 1
    for d in compared:
        assert d.code in table, f"the comparison should show {d.code}"
    tab.assert_no_script_trouble()


def test_choosing_an_example_or_a_case_loads_it_into_the_editor(tab):
    page = tab.page
    page.goto(tab.url("/"))
    first = page.input_value("#incident")
    names = [v for v in page.locator("#example option").evaluate_all("os => os.map(o => o.value)") if v]
    chosen = next(n for n in reversed(names) if service.examples()[n] != first)

    page.select_option("#example", chosen)
    page.wait_for_url(re.compile(r"\?example=" + re.escape(chosen) + "$"))
    assert page.input_value("#incident") == (REPO / "examples" / f"{chosen}.whist").read_text(encoding="utf-8")

    page.select_option("#case", "II")
    page.wait_for_url(re.compile(r"\?case=II$"))
    case = service.case_named("II")
    assert case is not None
    assert page.input_value("#incident") == case.incident_path.read_text(encoding="utf-8")
    tab.assert_no_script_trouble()


def test_download_whist_gives_the_incident_as_written_in_a_file_named_for_its_title(tab):
    text = FIXED + 'title "A revoke at the fifth trick"\n'
    rule_from_editor(tab, text)
    with tab.page.expect_download() as downloading:
        view_link(tab, "Download .whist").click()
    download = downloading.value
    assert download.suggested_filename == "a-revoke-at-the-fifth-trick.whist"
    assert Path(download.path()).read_text(encoding="utf-8") == text


def test_an_incident_whose_title_and_lines_hold_markup_is_shown_as_text_and_never_runs(tab):
    title = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    rule_from_editor(tab, f'{FIXED}title "{title}"\n')
    page = tab.page
    assert page.locator("section#decision h1.decision-title").inner_text() == title
    assert title in page.title()
    assert page.evaluate("[...document.scripts].map(s => s.getAttribute('src'))") == ["/static/arbiter.js"]
    assert page.locator("section#decision img").count() == 0

    page.goto(tab.url("/"))                        # the message shown as one types, too
    page.fill("#incident", "")
    page.locator("#incident").press_sequentially("code english-1864\n<img src=x onerror=alert(3)>\n")
    expect(page.locator("#status pre.incident-error")).to_contain_text("<img src=x onerror=alert(3)>")
    assert page.locator("#status img").count() == 0

    page.wait_for_timeout(300)                     # a moment for any handler that would fire
    assert tab.dialogs == []
    page.evaluate("alert('the listener hears this one')")   # and the listener does hear dialogs
    assert tab.dialogs == ["the listener hears this one"]


# ---------------------------------------------------------------------------- the laws and the cases
def test_a_vide_reference_on_a_law_page_is_a_link_that_leads_to_the_law_it_names(tab):
    page = tab.page
    page.goto(tab.url("/laws/english-1864/75"))
    vide = page.locator("a.vide").first
    named = vide.inner_text()
    assert named == "77"
    vide.click()
    page.wait_for_url(re.compile(r"/laws/english-1864/77$"))
    heading = page.locator("article.law h1").inner_text()
    assert heading.startswith("Law 77"), heading
    assert "REVOKE" in heading


def test_searching_exposed_card_from_the_header_finds_american_law_20_among_the_exposed_card_laws(tab):
    page = tab.page
    page.goto(tab.url("/laws"))
    box = page.locator("header.site form.search input[name=q]")
    box.fill("exposed card")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/search\?q=exposed\+card$"))
    results = page.locator("ol.results > li")
    assert results.count() > 0
    assert results.locator('a[href="/laws/american-1893/20"]').count() == 1, \
        "American Law 20 says 'faced', not 'exposed': the search should still find it"
    assert "CARDS LIABLE TO BE CALLED" in results.first.inner_text()
    assert page.locator("main form.search input[name=q]").input_value() == "exposed card"


def test_a_case_page_shows_the_books_italics_as_emphasis_beside_the_arbiters_decision(tab):
    page = tab.page
    page.goto(tab.url("/cases"))
    page.get_by_role("link", name="Case II", exact=True).click()
    page.wait_for_url(re.compile(r"/cases/II$"))
    book = page.locator("section.book-words")
    italics = book.locator("em").all_inner_texts()
    assert "vide" in italics and "Decision" in italics
    assert not RAW_ITALIC.search(book.inner_text())
    assert "claim of the honours" in page.locator("section.arbiter-words li.holding").first.inner_text()

    for name in [c.name for c in service.cases()]:
        page.goto(tab.url(f"/cases/{name}"))
        words = page.locator("section.book-words").inner_text()
        assert words.strip() and not RAW_ITALIC.search(words), f"Case {name} shows a raw italic"
        assert page.locator("section.arbiter-words li").count() > 0, f"Case {name} has no decision"


def test_tidy_rewrites_the_editor_in_the_canonical_form_that_arbiter_fmt_gives(tab):
    page = tab.page
    page.goto(tab.url("/"))
    untidy = FIXED.replace("  Y leads S5", "      Y leads s5")
    page.fill("#incident", untidy)
    page.click("#tidy-button")
    expect(page.locator("#status")).to_contain_text("Tidied into the canonical form.")
    assert page.input_value("#incident") == library.format_text(untidy)
    page.click("#tidy-button")
    expect(page.locator("#status")).to_contain_text("already in its canonical form")
    tab.assert_no_script_trouble()


def test_the_scoring_page_scores_a_hand_from_its_form(tab):
    page = tab.page
    page.goto(tab.url("/score"))
    page.fill("input[name=ab]", "9")
    page.fill("input[name=yz]", "4")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#hand-result")).to_contain_text("AB score 3 for tricks above six")
    tab.assert_no_script_trouble()


# ---------------------------------------------------------------------------- a phone and a laptop
#: The widths the page is made for: a small phone and a laptop.
WIDTHS = {"phone": {"width": 360, "height": 640}, "laptop": {"width": 1280, "height": 800}}


def every_kind_of_page() -> list[str]:
    """One page of every kind the site has, in the states that make it longest or widest:
    a ruling, its Why and its codes compared, a mistake, a law compared with a counterpart
    and with another printing, a search with its code menu, the notation filtered, the API,
    the scoring with results, the cases, the errors."""
    from arbiter.web.links import pack

    packed = pack(FIXED)
    return ["/", f"/rule?i={packed}", f"/rule?i={packed}&view=explain", f"/rule?i={packed}&view=compare",
            f"/rule?i={pack(TYPED)}", "/laws", "/laws/english-1864", "/laws/english-1864/72",
            "/laws/english-1864/72?with=american-1893/30", "/laws/english-1864/72?with=english-1864-foster/72",
            "/search", "/search?q=exposed+card", "/notation", "/notation?q=revoke", "/api/docs", "/cases",
            "/cases/II", "/score?ab=9&yz=4&games=AB%3D3+YZ%3D1+AB%3D2", "/laws/english-1864/999", "/no-such-page"]


def overflow(page) -> str | None:
    """What makes the page wider than the window, or None when nothing does."""
    wide, window = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    if wide <= window:
        return None
    culprits = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
        .slice(0, 3).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))""")
    return f"{wide} px wide in a {window} px window, by {', '.join(culprits)}"


def in_view(page, selector: str) -> bool:
    """Whether any of the element's box is inside the window."""
    box = page.locator(selector).bounding_box()
    height = page.evaluate("innerHeight")
    return box is not None and box["y"] < height and box["y"] + box["height"] > 0


@pytest.mark.parametrize("device", WIDTHS)
def test_no_page_scrolls_sideways_on_a_phone_or_a_laptop(browser, server, device):
    page = new_page(browser, viewport=WIDTHS[device])
    try:
        wide = {}
        for path in every_kind_of_page():
            page.goto(server + path.lstrip("/"))
            page.wait_for_load_state("load")
            if problem := overflow(page):
                wide[path] = problem
        assert wide == {}, "pages that scroll sideways at " + device + " width:\n" + "\n".join(
            f"{path}: {problem}" for path, problem in wide.items())
    finally:
        page.context.close()


def test_the_overflow_check_sees_a_page_made_too_wide(browser, server):
    page = new_page(browser, viewport=WIDTHS["phone"])
    try:
        page.goto(server + "laws")
        assert overflow(page) is None
        page.evaluate("document.querySelector('main').append(Object.assign(document.createElement('div'), "
                      "{style: 'width: 900px', textContent: 'wide'}))")
        assert "900" in overflow(page) or "div" in overflow(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("device", WIDTHS)
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_after_rule_the_decision_is_in_view_and_so_are_why_and_the_comparison(browser, server, device, script):
    page = new_page(browser, viewport=WIDTHS[device], java_script_enabled=script)
    try:
        page.goto(server)
        page.fill("#incident", FIXED)
        page.click("#rule-button")
        page.wait_for_url(re.compile(r"/rule\?i=.*#decision$"))
        page.wait_for_selector("section#decision article.ruled")
        assert in_view(page, "section#decision h1.decision-title"), f"the decision is out of sight at {device} width"
        assert HOLDING in page.locator("section#decision").inner_text()
        for name in ("Why", "The codes compared"):
            page.locator("nav.views").get_by_role("link", name=name, exact=True).click()
            page.wait_for_url(re.compile(r"view=.*#decision$"))
            assert in_view(page, "section#decision article.ruled"), f"{name} is out of sight at {device} width"
        page.locator("nav.views a.to-editor").click()
        assert in_view(page, "#incident"), "the way back to the editor"
    finally:
        page.context.close()


def test_a_mistake_ruled_on_a_phone_says_so_where_the_decision_would_be(browser, server):
    page = new_page(browser, viewport=WIDTHS["phone"])
    try:
        page.goto(server)
        page.fill("#incident", TYPED)
        page.click("#rule-button")
        page.wait_for_url(re.compile(r"#decision$"))
        assert in_view(page, "#not-ruled")
        assert "line 3, column 5" in page.locator("#not-ruled").inner_text()
    finally:
        page.context.close()


# ---------------------------------------------------------------------------- the editor
def test_the_editor_numbers_its_lines_colours_the_words_and_marks_the_line_of_a_mistake(tab):
    page = tab.page
    page.goto(tab.url("/"))
    page.fill("#incident", TYPED)
    expect(page.locator("#status pre.incident-error")).to_contain_text("3:5")
    numbers = page.locator(".code-area .gutter .n")
    assert numbers.count() == TYPED.count("\n") + 1
    assert numbers.nth(2).inner_text() == "3"
    expect(page.locator(".code-area .gutter .n.error-line")).to_have_text("3")
    expect(page.locator(".code-area .colours .l.error-line")).to_have_text("  Y leeds S5")
    expect(page.locator(".code-area .colours .t-verb").first).to_have_text("plays")   # "leeds" is no word
    assert page.locator(".code-area .colours .t-card").first.inner_text() == "S5"
    assert page.locator(".code-area .colours .t-header").first.inner_text() == "code"
    assert page.locator(".code-area .colours .l").all_inner_texts() == TYPED.split("\n")[:-1] + [" "]

    page.fill("#incident", FIXED)                 # fixed: the mark goes
    expect(page.locator("#status")).to_contain_text("reads without error")
    expect(page.locator(".code-area .error-line")).to_have_count(0)
    expect(page.locator(".code-area .colours .t-verb").first).to_have_text("leads")
    tab.assert_no_script_trouble()


def test_the_layer_of_colours_lies_exactly_under_the_editors_text(tab):
    page = tab.page
    page.goto(tab.url("/"))
    page.fill("#incident", FIXED + "\n" * 60 + "# the last line, far below and far to the right" + " x" * 80)
    page.locator("#incident").evaluate("e => { e.scrollTop = e.scrollHeight; e.scrollLeft = 200; "
                                       "e.dispatchEvent(new Event('scroll')); }")
    top, left = page.locator("#incident").evaluate("e => [e.scrollTop, e.scrollLeft]")
    assert top > 0 and left > 0
    shift = page.locator(".code-area .colours .lines").evaluate("e => getComputedStyle(e).transform")
    assert shift == f"matrix(1, 0, 0, 1, {-left}, {-top})"
    same = page.evaluate("""() => { const t = getComputedStyle(document.getElementById('incident'));
        const l = getComputedStyle(document.querySelector('.code-area .colours'));
        return ['fontFamily', 'fontSize', 'lineHeight', 'paddingTop', 'paddingLeft', 'borderTopWidth', 'tabSize']
          .filter(k => t[k] !== l[k]); }""")
    assert same == [], "the layer and the editor differ in " + ", ".join(same)


# ---------------------------------------------------------------------------- the notation, the API
def test_the_notation_pages_contents_lead_to_its_sections_and_its_search_filters_as_one_types(tab):
    page = tab.page
    page.goto(tab.url("/notation"))
    page.locator("nav.contents").get_by_role("link", name="Places", exact=False).click()
    page.wait_for_url(re.compile(r"#places$"))
    assert in_view(page, "section#places h3")

    everything = page.locator("div.word:visible").count()
    page.fill("#notation-q", "drops")
    shown = page.locator("div.word:visible")
    expect(shown).not_to_have_count(everything)
    assert 0 < shown.count() < everything
    assert all("drops" in t.lower() for t in shown.all_inner_texts())
    expect(page.locator("#notation-found")).to_contain_text(f"{shown.count()} entr")
    assert page.locator("section#places").is_hidden() or "drops" in page.locator("section#places").inner_text()
    page.fill("#notation-q", "")
    expect(page.locator("div.word:visible")).to_have_count(everything)
    tab.assert_no_script_trouble()


def test_the_api_page_is_the_sites_own_and_asks_nothing_of_another_host(tab):
    page = tab.page
    asked: list[str] = []
    own = urlsplit(tab.base).netloc
    page.route("**/*", lambda route: (asked.append(route.request.url), route.abort())
               if urlsplit(route.request.url).netloc != own else route.continue_())
    page.goto(tab.url("/"))
    page.locator("header.site nav").get_by_role("link", name="API").click()
    page.wait_for_url(re.compile(r"/api/docs$"))
    assert page.locator("article.operation").count() >= 10
    assert page.locator("header.site a.brand").count() == 1, "the site's header, and the way back"
    page.locator("nav.contents").get_by_role("link", name="/api/rule").click()
    assert in_view(page, "#post-api-rule")
    page.locator("#post-api-rule").get_by_role("link", name="RuleRequest").click()
    assert in_view(page, "#schema-rulerequest")
    assert asked == [], "the page asked another host for " + ", ".join(asked)
    tab.assert_no_script_trouble()


def test_a_law_page_compares_it_with_a_counterpart_and_steps_to_the_next_law(tab):
    page = tab.page
    page.goto(tab.url("/laws/english-1864/72"))
    assert page.locator("nav.crumbs").inner_text().endswith("Law 72")
    page.locator("section.compare").get_by_role("link", name="Law 30 american-1893").click()
    page.wait_for_url(re.compile(r"with=american-1893(/|%2F)30#compare$"))
    both = page.locator("#comparison section.compared-law h3").all_inner_texts()
    assert [h.split()[:3] for h in both] == [["Law", "72", "english-1864"], ["Law", "30", "american-1893"]]
    assert in_view(page, "#comparison")

    page.fill("section.compare input[name=with]", "english-1864-foster/72")
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#comparison")).to_contain_text("two printings of Law 72")

    page.get_by_role("link", name=re.compile(r"^Law 73")).first.click()
    page.wait_for_url(re.compile(r"/laws/english-1864/73$"))
    page.locator("nav.neighbours a[rel=prev]").click()
    page.wait_for_url(re.compile(r"/laws/english-1864/72$"))
    tab.assert_no_script_trouble()
