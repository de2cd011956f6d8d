"""The page's one stylesheet and one script, fixed files read once from the templates
directory (templates/web/static/) and served from memory: no path a request names is ever
opened. Beside them, the notation's words for the editor's colours, made once from the
listing ``arbiter notation`` prints."""

from __future__ import annotations

from functools import lru_cache

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response

from ..support.resources import templates_dir

router = APIRouter(include_in_schema=False)

FILES = {"arbiter.css": "text/css; charset=utf-8", "arbiter.js": "text/javascript; charset=utf-8"}


@lru_cache(maxsize=None)
def _content(name: str) -> bytes:
    return (templates_dir() / "web" / "static" / name).read_bytes()


@router.get("/static/arbiter.css")
async def stylesheet() -> Response:
    return Response(_content("arbiter.css"), media_type=FILES["arbiter.css"],
                    headers={"Cache-Control": "public, max-age=3600"})


@router.get("/static/arbiter.js")
async def script() -> Response:
    return Response(_content("arbiter.js"), media_type=FILES["arbiter.js"],
                    headers={"Cache-Control": "public, max-age=3600"})


@router.get("/static/notation-words.json")
async def notation_words() -> Response:
    return JSONResponse(_words(), headers={"Cache-Control": "public, max-age=3600"})


@lru_cache(maxsize=1)
def _words() -> dict[str, list[str]]:
    from .notation import listing, sections, words_of

    return words_of(sections(listing()))
