"""`arbiter cases report`: the book's italics (``_vide_`` in the case texts) rendered, in
HTML as <em>, in Markdown as Markdown's own, and gone from the text output; everything
else in the text still escaped."""

from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from arbiter.cases import book_text, judge, load_cases
from arbiter.cli import app
from arbiter.render.decisions import _environment, italics, md_italics, render_case_report
from arbiter.support.escapes import markdown

runner = CliRunner()


@pytest.fixture(scope="module")
def rows(book):
    return [(case, book_text(book, case), judge(book, case)) for case in load_cases()]


def test_the_html_report_shows_the_books_italics_as_emphasis_not_as_underscores(rows, book):
    html = render_case_report(rows, book, "html")
    assert "<em>vide</em>" in html and "<em>Decision</em>" in html
    assert "_vide_" not in html and "_Decision_" not in html


def test_the_markdown_report_reads_as_italics_in_a_markdown_viewer(rows, book):
    text = render_case_report(rows, book, "md")
    shown = MarkdownIt("commonmark").enable("table").render(text)
    assert "<em>vide</em>" in shown and "<em>bonâ fide</em>" in shown
    assert "_vide_" not in shown and "_Decision_" not in shown


def test_case_show_prints_the_books_words_without_the_italics_underscores():
    result = runner.invoke(app, ["cases", "show", "II"])
    assert result.exit_code == 0, result.output
    assert "vide" in result.output
    assert not re.search(r"(?<!\w)_\w", result.output)


def test_the_italics_filter_escapes_the_text_before_marking_italics():
    out = italics('<script>alert("x")</script> & _vide_ Law 73; _<b>bold</b>_')
    assert "<script>" not in out and "&lt;script&gt;" in out and "&amp;" in out
    assert "<em>vide</em>" in out
    assert "<em>&lt;b&gt;bold&lt;/b&gt;</em>" in out


def test_an_underscore_inside_a_word_is_not_italics():
    assert italics("revoke_made_good and snake_case_name") == "revoke_made_good and snake_case_name"
    assert md_italics(markdown("revoke_made_good")) == "revoke_made_good"


def test_underscores_with_space_just_inside_are_not_italics():
    assert "<em>" not in italics("a _ loose _ mark")
    assert "<em>" not in italics("_vide_word")


def test_the_markdown_filter_turns_escaped_italics_into_markdown_emphasis():
    assert md_italics(markdown("the _vice versâ_ case, _i.e._ the other")) == \
        "the *vice versâ* case, *i.e.* the other"
    assert md_italics(markdown("_a*b_")) == "*a\\*b*"       # an escaped character inside is kept


def test_italics_is_registered_on_the_shared_environment_and_is_not_escaped_twice():
    env = _environment()
    assert env.filters["italics"] is italics
    out = env.from_string("<p>{{ t | italics }}</p>").render(t="<i>x</i> _vide_")
    assert out == "<p>&lt;i&gt;x&lt;/i&gt; <em>vide</em></p>"
