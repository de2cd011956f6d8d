"""The page's one stylesheet and one script, fixed files read once from the templates
directory (templates/web/static/) and served from memory: no path a request names is ever
opened."""

from __future__ import annotations

from functools import lru_cache

from fastapi import APIRouter
from fastapi.responses import Response

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
