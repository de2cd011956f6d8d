"""The interview page (/ask) in the system's Chromium: a whole interview on a phone-sized
window and on a desktop window, and an earlier answer changed -- and the page works with the
script turned off, the state carried in the page alone."""

from __future__ import annotations

import re

import pytest
from browser_support import new_page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def open_ask(browser, server, viewport, scripts=True):
    page = new_page(browser, viewport=viewport, java_script_enabled=scripts)
    trouble: list[str] = []
    page.on("pageerror", lambda error: trouble.append(str(error)))
    page.on("console", lambda m: trouble.append(m.text) if m.type == "error" else None)
    page.goto(server + "ask")
    return page, trouble


def question(page) -> str:
    return page.locator("h2.ask-question").inner_text()


def tell_a_revoke(page) -> int:
    """The revoke of the README's example, told through the page; returns the questions asked."""
    asked = 0
    assert question(page).startswith("Where was it played")
    page.select_option("select[name=f_dealer]", "Z")
    page.select_option("select[name=f_trump]", "hearts")
    page.click("#ask-answer")
    asked += 1
    assert question(page) == "What is the dispute about?"
    page.check("input[name=f_topic][value=revoke]")
    page.click("#ask-answer")
    asked += 1
    assert question(page).startswith("At which trick did the player not follow suit")
    page.select_option("select[name=f_trick]", "5")
    for k, (seat, card) in enumerate([("Y", "S5"), ("B", "D3"), ("Z", "S9"), ("A", "SK")], 1):
        page.select_option(f"select[name=f_seat{k}]", seat)
        page.select_option(f"select[name=f_card{k}]", card)
    page.click("#ask-answer")
    asked += 1
    assert question(page) == "Did Z or Y claim that B revoked at trick 5, and when?"
    page.get_by_label("Yes, Y, after the hand was played").check()
    page.click("#ask-answer")
    asked += 1
    assert question(page) == ("Does anyone know whether B held a spade when he renounced at trick 5? "
                              "The ruling turns on it.")
    assert page.locator(".ask-law a").inner_text() == "Law 73"
    page.check("input[name=f_answer][value='held:B:S2']")
    page.click("#ask-answer")
    asked += 1
    assert question(page) == "What happened next?"
    page.click("#ask-done")
    asked += 1
    return asked


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_whole_interview_reaches_the_decision(browser, server, viewport):
    page, trouble = open_ask(browser, server, viewport)
    try:
        assert tell_a_revoke(page) == 6
        decision = page.locator("#ask-decision")
        assert "B revoked at trick 5, and the revoke is established" in decision.inner_text()
        assert "finding: B held S2" in page.locator("#ask-text").inner_text()
        # nothing is wider than the window: no sideways scrolling on a phone
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        # the incident opens in the editor, ruled the same
        page.click("#ask-editor")
        page.wait_for_url(re.compile(r"/rule\?i="))
        assert "B revoked at trick 5" in page.locator("section#decision").inner_text()
        assert trouble == []
    finally:
        page.context.close()


def test_the_script_shows_only_the_fields_the_act_uses(browser, server):
    page, trouble = open_ask(browser, server, PHONE)
    try:
        page.click("#ask-answer")                           # the table: all left as offered
        page.check("input[name=f_topic][value=claim]")
        page.click("#ask-answer")
        assert question(page).startswith("What was claimed")
        page.select_option("select[name=f_act]", "throws-down")
        assert not page.locator("[data-field=card]").is_visible()
        page.select_option("select[name=f_act]", "says")
        assert page.locator("[data-field=words]").is_visible()
        page.select_option("select[name=f_act]", "claims")
        hidden = page.eval_on_selector_all("select[name=f_what] optgroup", "gs => gs.filter(g => g.hidden).map(g => g.label)")
        assert "penalties" in hidden and "claims" not in hidden
        assert trouble == []
    finally:
        page.context.close()


def test_an_earlier_answer_changed_without_the_script(browser, server):
    page, _ = open_ask(browser, server, DESKTOP, scripts=False)
    try:
        tell_a_revoke(page)
        # change the trick (answer 3): it and all after it are asked again
        page.locator(".ask-recap li").nth(2).get_by_role("button", name="change").click()
        assert question(page).startswith("At which trick")
        assert page.locator(".ask-recap li").count() == 2
        page.select_option("select[name=f_trick]", "5")
        for k, (seat, card) in enumerate([("Y", "S5"), ("B", "S3")], 1):
            page.select_option(f"select[name=f_seat{k}]", seat)
            page.select_option(f"select[name=f_card{k}]", card)
        page.click("#ask-answer")
        page.click("#ask-done")
        text = page.locator("#ask-text").inner_text()
        assert "B plays S3" in text and "D3" not in text
        assert "revoked" not in page.locator("#ask-decision").inner_text()
    finally:
        page.context.close()
