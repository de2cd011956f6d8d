"""The smaller points of issue 21, each as the attack made it: a negative count, a killed
``fmt --write``, a fuzzed incident of 256 ways, a ruling link with more after its incident."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import warnings
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import IncidentError, parse
from arbiter.ruling.decision import decide
from arbiter.web.links import BadLink, pack, unpack

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "revoke-found-at-end-of-hand.whist"
runner = CliRunner()


# ------------------------------------------------------------------ negative counts

@pytest.mark.parametrize("line, number", [
    ("  A has -5 cards", "-5"),
    ("  A marks -999999999 honours", "-999999999"),
    ("  A demands deduct points -999999999", "-999999999"),
    ("  B was dealt -1 cards", "-1"),
    ("  Y looks at trick -0", "-0"),
])
def test_a_negative_count_is_an_error_at_the_number(line, number):
    text = "code english-1864\ntrick 1:\n  A leads S2\n" + line + "\n"
    with pytest.raises(IncidentError) as caught:
        parse(text, "t.whist")
    error = caught.value
    assert (error.line, error.column) == (4, line.index(number) + 1)
    assert "below nought" in error.problem


@pytest.mark.parametrize("header", ["packs -1", "score A-Y -3"])
def test_a_negative_number_in_the_header_is_an_error_at_the_number(header):
    with pytest.raises(IncidentError) as caught:
        parse(header + "\ntrick 1:\n  A leads S2\n", "t.whist")
    assert caught.value.line == 1 and "below nought" in caught.value.problem


@pytest.mark.parametrize("args", [
    ["score", "hand", "--tricks", "AB=-1", "--tricks", "YZ=14"],
    ["score", "hand", "--tricks", "AB=7", "--tricks", "YZ=6", "--before", "YZ=-30"],
    ["score", "rubber", "AB=-3", "AB=2", "AB=2"],
    ["score", "rubber", "AB=²"],
    ["score", "hand", "--tricks", "AB=²", "--tricks", "YZ=6"],
    ["score", "hand", "--tricks", "AB=7", "--tricks", "YZ=6", "--before", "AB=" + "9" * 5000],
])
def test_a_score_with_a_count_below_nought_or_not_a_number_is_an_error_in_words(args):
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (1, 2) and result.output.startswith("Error: ")


def test_the_api_refuses_a_hand_of_minus_one_trick_against_fourteen():
    client = TestClient(create_app())
    response = client.post("/api/score/hand", json={"tricks": {"AB": -1, "YZ": 14}})
    assert response.status_code == 400 and "below nought" in response.json()["error"]["message"]


# ------------------------------------------------------------------ a killed fmt --write

MESSY = "code   english-1864\ntrick 1:\n A leads S2\n"

#: ``arbiter fmt --write`` in a process that is killed (SIGKILL: nothing of its own runs) the
#: moment the new text is on the disk, before it is renamed over the file.
KILLED_WRITE = (
    "import os, signal, sys\n"
    "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)\n"
    "from arbiter.cli import app\n"
    "app(['fmt', '--write', sys.argv[1]])\n"
)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL is a POSIX signal")
def test_a_fmt_write_killed_before_its_rename_leaves_no_hidden_file_behind(tmp_path):
    path = tmp_path / "messy.whist"
    path.write_text(MESSY)
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(path)], cwd=REPO, capture_output=True)
    assert killed.returncode == -9
    assert path.read_text() == MESSY                     # the file as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.whist"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL is a POSIX signal")
def test_a_temporary_file_left_by_a_killed_write_is_cleared_by_the_next(tmp_path):
    """Where the new text cannot be written unnamed (no O_TMPFILE here), a kill leaves it
    named; the next ``fmt --write`` of the file clears it: a temporary of ours, named for
    the file and for a process that no longer runs. A write still under way, and files that
    are not ours, are left alone."""
    from arbiter.cli.files import temporary_name

    path = tmp_path / "messy.whist"
    path.write_text(MESSY)
    without_tmpfile = KILLED_WRITE.replace("import os, signal, sys\n",
                                           "import os, signal, sys\nos.__dict__.pop('O_TMPFILE', None)\n")
    assert subprocess.run([sys.executable, "-c", without_tmpfile, str(path)], cwd=REPO).returncode == -9
    [left] = [p.name for p in tmp_path.iterdir() if p.name != "messy.whist"]
    assert left.startswith(".messy.whist.") and left.endswith(".tmp")
    live = tmp_path / temporary_name("messy.whist", os.getpid())     # a write under way: left alone
    live.write_text("being written")
    other = tmp_path / ".messy.whist.notes.tmp"                      # not ours
    other.write_text("mine")
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["messy.whist", live.name, other.name])
    assert path.read_text().startswith("code english-1864\n")


def test_without_o_tmpfile_fmt_write_still_renames_a_whole_file_over_the_old(tmp_path, monkeypatch):
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    path = tmp_path / "messy.whist"
    path.write_text(MESSY)
    path.chmod(0o640)
    assert runner.invoke(app, ["fmt", "--write", str(path)]).exit_code == 0
    assert path.read_text().startswith("code english-1864\n") and (path.stat().st_mode & 0o777) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.whist"]


# ------------------------------------------------------------------ a fuzzed incident of 256 ways

def disputes(impossible: int) -> str:
    """Eight tricks, each with a two-way dispute over B's card (256 ways); in the first
    ``impossible`` of them one way has B play the card A led to that trick, a card played
    twice: a reason of its own at each of those lines."""
    deck = iter(suit + rank for suit in "SDCH" for rank in "AKQJT98765432")
    lines = ["code english-1864", "trump hearts", "dealer Z"]
    for trick in range(1, 9):
        led, second, other, fourth = next(deck), next(deck), next(deck), next(deck)
        first = led if trick <= impossible else next(deck)
        lines += [f"trick {trick}:", f"  A leads {led}", f"  Y plays {second}",
                  f'  disputed "what B played to trick {trick}":', f"    - B plays {first}",
                  f"    - B plays {other}", f"  Z plays {fourth}"]
    return "\n".join(lines) + "\n"


def test_one_impossible_alternative_among_256_ways_is_one_warning_not_128(book):
    incident = parse(disputes(1), "t.whist")
    decision = decide(book, incident)
    assert len(decision.branches) == 128
    [warning] = decision.warnings
    assert warning.line == 8 and "128 of the 256 ways" in str(warning)
    assert "if B plays SA (" in str(warning)     # the alternative every way it rules out shares


def test_many_reasons_among_256_ways_are_told_a_few_and_summed_up(book):
    from arbiter.table.ruled_out import TOLD

    decision = decide(book, parse(disputes(8), "t.whist"))
    assert len(decision.branches) == 1
    assert len(decision.warnings) == TOLD + 1
    assert "more of the 256 ways the disputes give cannot have gone, for 5 other reasons" in str(decision.warnings[-1])


def test_comparing_the_codes_warns_of_a_way_ruled_out_once():
    result = runner.invoke(app, ["rule", "-", "--compare"], input=disputes(1))
    assert result.exit_code == 0, result.output
    assert result.stderr.count("warning:") == 1


# ------------------------------------------------------------------ a link with more after its incident

def test_a_link_with_data_after_the_compressed_incident_is_refused():
    text = EXAMPLE.read_text()
    assert unpack(pack(text)) == text
    extended = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9) + b"and more").rstrip(b"=").decode()
    with pytest.raises(BadLink, match="more than the incident"):
        unpack(extended)
    client = TestClient(create_app())
    assert client.get("/rule", params={"i": extended}).status_code == 400
    assert client.get("/download", params={"i": extended}).status_code == 400


@pytest.mark.parametrize("junk", ["!", " ", "%", ".", "\n", "é"])
def test_a_link_with_characters_base64_would_pass_over_is_refused(junk):
    packed = pack(EXAMPLE.read_text())
    with pytest.raises(BadLink):
        unpack(packed[:10] + junk + packed[10:])
